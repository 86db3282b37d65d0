/**
 * Reference lists (spec 000 §9): countries (ISO 3166-1 alpha-2, English and Canadian French names, Canada and
 * the United States first, then the rest alphabetically by English name), the 13 Canadian provinces and
 * territories (Canada Post codes) and the 50 US states, and the age of majority by province.
 * Country names were generated once from CLDR (Intl.DisplayNames en-CA / fr-CA) and are kept static so the
 * browser and the server show the same text whatever their ICU version.
 */

/** A named place with a code and its English and French names. */
export interface NamedCode {
  code: string;
  nameEn: string;
  nameFr: string;
}

/** ISO 3166-1 alpha-2 countries (249): Canada, United States, then alphabetical by English name. */
export const COUNTRIES: readonly NamedCode[] = [
  { code: 'CA', nameEn: 'Canada', nameFr: 'Canada' },
  { code: 'US', nameEn: 'United States', nameFr: 'États-Unis' },
  { code: 'AF', nameEn: 'Afghanistan', nameFr: 'Afghanistan' },
  { code: 'AX', nameEn: 'Åland Islands', nameFr: 'Îles d’Åland' },
  { code: 'AL', nameEn: 'Albania', nameFr: 'Albanie' },
  { code: 'DZ', nameEn: 'Algeria', nameFr: 'Algérie' },
  { code: 'AS', nameEn: 'American Samoa', nameFr: 'Samoa américaines' },
  { code: 'AD', nameEn: 'Andorra', nameFr: 'Andorre' },
  { code: 'AO', nameEn: 'Angola', nameFr: 'Angola' },
  { code: 'AI', nameEn: 'Anguilla', nameFr: 'Anguilla' },
  { code: 'AQ', nameEn: 'Antarctica', nameFr: 'Antarctique' },
  { code: 'AG', nameEn: 'Antigua and Barbuda', nameFr: 'Antigua-et-Barbuda' },
  { code: 'AR', nameEn: 'Argentina', nameFr: 'Argentine' },
  { code: 'AM', nameEn: 'Armenia', nameFr: 'Arménie' },
  { code: 'AW', nameEn: 'Aruba', nameFr: 'Aruba' },
  { code: 'AU', nameEn: 'Australia', nameFr: 'Australie' },
  { code: 'AT', nameEn: 'Austria', nameFr: 'Autriche' },
  { code: 'AZ', nameEn: 'Azerbaijan', nameFr: 'Azerbaïdjan' },
  { code: 'BS', nameEn: 'Bahamas', nameFr: 'Bahamas' },
  { code: 'BH', nameEn: 'Bahrain', nameFr: 'Bahreïn' },
  { code: 'BD', nameEn: 'Bangladesh', nameFr: 'Bangladesh' },
  { code: 'BB', nameEn: 'Barbados', nameFr: 'Barbade' },
  { code: 'BY', nameEn: 'Belarus', nameFr: 'Bélarus' },
  { code: 'BE', nameEn: 'Belgium', nameFr: 'Belgique' },
  { code: 'BZ', nameEn: 'Belize', nameFr: 'Bélize' },
  { code: 'BJ', nameEn: 'Benin', nameFr: 'Bénin' },
  { code: 'BM', nameEn: 'Bermuda', nameFr: 'Bermudes' },
  { code: 'BT', nameEn: 'Bhutan', nameFr: 'Bhoutan' },
  { code: 'BO', nameEn: 'Bolivia', nameFr: 'Bolivie' },
  { code: 'BA', nameEn: 'Bosnia and Herzegovina', nameFr: 'Bosnie-Herzégovine' },
  { code: 'BW', nameEn: 'Botswana', nameFr: 'Botswana' },
  { code: 'BV', nameEn: 'Bouvet Island', nameFr: 'Île Bouvet' },
  { code: 'BR', nameEn: 'Brazil', nameFr: 'Brésil' },
  {
    code: 'IO',
    nameEn: 'British Indian Ocean Territory',
    nameFr: 'Territoire britannique de l’océan Indien',
  },
  { code: 'VG', nameEn: 'British Virgin Islands', nameFr: 'Îles Vierges britanniques' },
  { code: 'BN', nameEn: 'Brunei', nameFr: 'Brunéi' },
  { code: 'BG', nameEn: 'Bulgaria', nameFr: 'Bulgarie' },
  { code: 'BF', nameEn: 'Burkina Faso', nameFr: 'Burkina Faso' },
  { code: 'BI', nameEn: 'Burundi', nameFr: 'Burundi' },
  { code: 'KH', nameEn: 'Cambodia', nameFr: 'Cambodge' },
  { code: 'CM', nameEn: 'Cameroon', nameFr: 'Cameroun' },
  { code: 'CV', nameEn: 'Cape Verde', nameFr: 'Cap-Vert' },
  { code: 'BQ', nameEn: 'Caribbean Netherlands', nameFr: 'Pays-Bas caribéens' },
  { code: 'KY', nameEn: 'Cayman Islands', nameFr: 'Îles Caïmans' },
  { code: 'CF', nameEn: 'Central African Republic', nameFr: 'République centrafricaine' },
  { code: 'TD', nameEn: 'Chad', nameFr: 'Tchad' },
  { code: 'CL', nameEn: 'Chile', nameFr: 'Chili' },
  { code: 'CN', nameEn: 'China', nameFr: 'Chine' },
  { code: 'CX', nameEn: 'Christmas Island', nameFr: 'Île Christmas' },
  { code: 'CC', nameEn: 'Cocos (Keeling) Islands', nameFr: 'Îles Cocos (Keeling)' },
  { code: 'CO', nameEn: 'Colombia', nameFr: 'Colombie' },
  { code: 'KM', nameEn: 'Comoros', nameFr: 'Comores' },
  { code: 'CD', nameEn: 'Congo (Democratic Republic of the)', nameFr: 'Congo (République démocratique du)' },
  { code: 'CG', nameEn: 'Congo (Republic of the)', nameFr: 'Congo (République du)' },
  { code: 'CK', nameEn: 'Cook Islands', nameFr: 'Îles Cook' },
  { code: 'CR', nameEn: 'Costa Rica', nameFr: 'Costa Rica' },
  { code: 'CI', nameEn: "Côte d'Ivoire", nameFr: 'Côte d’Ivoire' },
  { code: 'HR', nameEn: 'Croatia', nameFr: 'Croatie' },
  { code: 'CU', nameEn: 'Cuba', nameFr: 'Cuba' },
  { code: 'CW', nameEn: 'Curaçao', nameFr: 'Curaçao' },
  { code: 'CY', nameEn: 'Cyprus', nameFr: 'Chypre' },
  { code: 'CZ', nameEn: 'Czechia', nameFr: 'Tchéquie' },
  { code: 'DK', nameEn: 'Denmark', nameFr: 'Danemark' },
  { code: 'DJ', nameEn: 'Djibouti', nameFr: 'Djibouti' },
  { code: 'DM', nameEn: 'Dominica', nameFr: 'Dominique' },
  { code: 'DO', nameEn: 'Dominican Republic', nameFr: 'République dominicaine' },
  { code: 'EC', nameEn: 'Ecuador', nameFr: 'Équateur' },
  { code: 'EG', nameEn: 'Egypt', nameFr: 'Égypte' },
  { code: 'SV', nameEn: 'El Salvador', nameFr: 'Salvador' },
  { code: 'GQ', nameEn: 'Equatorial Guinea', nameFr: 'Guinée équatoriale' },
  { code: 'ER', nameEn: 'Eritrea', nameFr: 'Érythrée' },
  { code: 'EE', nameEn: 'Estonia', nameFr: 'Estonie' },
  { code: 'SZ', nameEn: 'Eswatini', nameFr: 'Eswatini' },
  { code: 'ET', nameEn: 'Ethiopia', nameFr: 'Éthiopie' },
  { code: 'FK', nameEn: 'Falkland Islands', nameFr: 'Îles Malouines' },
  { code: 'FO', nameEn: 'Faroe Islands', nameFr: 'Îles Féroé' },
  { code: 'FJ', nameEn: 'Fiji', nameFr: 'Fidji' },
  { code: 'FI', nameEn: 'Finland', nameFr: 'Finlande' },
  { code: 'FR', nameEn: 'France', nameFr: 'France' },
  { code: 'GF', nameEn: 'French Guiana', nameFr: 'Guyane française' },
  { code: 'PF', nameEn: 'French Polynesia', nameFr: 'Polynésie française' },
  { code: 'TF', nameEn: 'French Southern Territories', nameFr: 'Terres australes françaises' },
  { code: 'GA', nameEn: 'Gabon', nameFr: 'Gabon' },
  { code: 'GM', nameEn: 'Gambia', nameFr: 'Gambie' },
  { code: 'GE', nameEn: 'Georgia', nameFr: 'Géorgie' },
  { code: 'DE', nameEn: 'Germany', nameFr: 'Allemagne' },
  { code: 'GH', nameEn: 'Ghana', nameFr: 'Ghana' },
  { code: 'GI', nameEn: 'Gibraltar', nameFr: 'Gibraltar' },
  { code: 'GR', nameEn: 'Greece', nameFr: 'Grèce' },
  { code: 'GL', nameEn: 'Greenland', nameFr: 'Groenland' },
  { code: 'GD', nameEn: 'Grenada', nameFr: 'Grenade' },
  { code: 'GP', nameEn: 'Guadeloupe', nameFr: 'Guadeloupe' },
  { code: 'GU', nameEn: 'Guam', nameFr: 'Guam' },
  { code: 'GT', nameEn: 'Guatemala', nameFr: 'Guatemala' },
  { code: 'GG', nameEn: 'Guernsey', nameFr: 'Guernesey' },
  { code: 'GN', nameEn: 'Guinea', nameFr: 'Guinée' },
  { code: 'GW', nameEn: 'Guinea-Bissau', nameFr: 'Guinée-Bissau' },
  { code: 'GY', nameEn: 'Guyana', nameFr: 'Guyana' },
  { code: 'HT', nameEn: 'Haiti', nameFr: 'Haïti' },
  { code: 'HM', nameEn: 'Heard and McDonald Islands', nameFr: 'Îles Heard et McDonald' },
  { code: 'HN', nameEn: 'Honduras', nameFr: 'Honduras' },
  { code: 'HK', nameEn: 'Hong Kong', nameFr: 'Hong Kong' },
  { code: 'HU', nameEn: 'Hungary', nameFr: 'Hongrie' },
  { code: 'IS', nameEn: 'Iceland', nameFr: 'Islande' },
  { code: 'IN', nameEn: 'India', nameFr: 'Inde' },
  { code: 'ID', nameEn: 'Indonesia', nameFr: 'Indonésie' },
  { code: 'IR', nameEn: 'Iran', nameFr: 'Iran' },
  { code: 'IQ', nameEn: 'Iraq', nameFr: 'Irak' },
  { code: 'IE', nameEn: 'Ireland', nameFr: 'Irlande' },
  { code: 'IM', nameEn: 'Isle of Man', nameFr: 'Île de Man' },
  { code: 'IL', nameEn: 'Israel', nameFr: 'Israël' },
  { code: 'IT', nameEn: 'Italy', nameFr: 'Italie' },
  { code: 'JM', nameEn: 'Jamaica', nameFr: 'Jamaïque' },
  { code: 'JP', nameEn: 'Japan', nameFr: 'Japon' },
  { code: 'JE', nameEn: 'Jersey', nameFr: 'Jersey' },
  { code: 'JO', nameEn: 'Jordan', nameFr: 'Jordanie' },
  { code: 'KZ', nameEn: 'Kazakhstan', nameFr: 'Kazakhstan' },
  { code: 'KE', nameEn: 'Kenya', nameFr: 'Kenya' },
  { code: 'KI', nameEn: 'Kiribati', nameFr: 'Kiribati' },
  { code: 'KW', nameEn: 'Kuwait', nameFr: 'Koweït' },
  { code: 'KG', nameEn: 'Kyrgyzstan', nameFr: 'Kirghizistan' },
  { code: 'LA', nameEn: 'Laos', nameFr: 'Laos' },
  { code: 'LV', nameEn: 'Latvia', nameFr: 'Lettonie' },
  { code: 'LB', nameEn: 'Lebanon', nameFr: 'Liban' },
  { code: 'LS', nameEn: 'Lesotho', nameFr: 'Lesotho' },
  { code: 'LR', nameEn: 'Liberia', nameFr: 'Libéria' },
  { code: 'LY', nameEn: 'Libya', nameFr: 'Libye' },
  { code: 'LI', nameEn: 'Liechtenstein', nameFr: 'Liechtenstein' },
  { code: 'LT', nameEn: 'Lithuania', nameFr: 'Lituanie' },
  { code: 'LU', nameEn: 'Luxembourg', nameFr: 'Luxembourg' },
  { code: 'MO', nameEn: 'Macao', nameFr: 'Macao' },
  { code: 'MG', nameEn: 'Madagascar', nameFr: 'Madagascar' },
  { code: 'MW', nameEn: 'Malawi', nameFr: 'Malawi' },
  { code: 'MY', nameEn: 'Malaysia', nameFr: 'Malaisie' },
  { code: 'MV', nameEn: 'Maldives', nameFr: 'Maldives' },
  { code: 'ML', nameEn: 'Mali', nameFr: 'Mali' },
  { code: 'MT', nameEn: 'Malta', nameFr: 'Malte' },
  { code: 'MH', nameEn: 'Marshall Islands', nameFr: 'Îles Marshall' },
  { code: 'MQ', nameEn: 'Martinique', nameFr: 'Martinique' },
  { code: 'MR', nameEn: 'Mauritania', nameFr: 'Mauritanie' },
  { code: 'MU', nameEn: 'Mauritius', nameFr: 'Maurice' },
  { code: 'YT', nameEn: 'Mayotte', nameFr: 'Mayotte' },
  { code: 'MX', nameEn: 'Mexico', nameFr: 'Mexique' },
  { code: 'FM', nameEn: 'Micronesia', nameFr: 'Micronésie' },
  { code: 'MD', nameEn: 'Moldova', nameFr: 'Moldavie' },
  { code: 'MC', nameEn: 'Monaco', nameFr: 'Monaco' },
  { code: 'MN', nameEn: 'Mongolia', nameFr: 'Mongolie' },
  { code: 'ME', nameEn: 'Montenegro', nameFr: 'Monténégro' },
  { code: 'MS', nameEn: 'Montserrat', nameFr: 'Montserrat' },
  { code: 'MA', nameEn: 'Morocco', nameFr: 'Maroc' },
  { code: 'MZ', nameEn: 'Mozambique', nameFr: 'Mozambique' },
  { code: 'MM', nameEn: 'Myanmar', nameFr: 'Myanmar' },
  { code: 'NA', nameEn: 'Namibia', nameFr: 'Namibie' },
  { code: 'NR', nameEn: 'Nauru', nameFr: 'Nauru' },
  { code: 'NP', nameEn: 'Nepal', nameFr: 'Népal' },
  { code: 'NL', nameEn: 'Netherlands', nameFr: 'Pays-Bas' },
  { code: 'NC', nameEn: 'New Caledonia', nameFr: 'Nouvelle-Calédonie' },
  { code: 'NZ', nameEn: 'New Zealand', nameFr: 'Nouvelle-Zélande' },
  { code: 'NI', nameEn: 'Nicaragua', nameFr: 'Nicaragua' },
  { code: 'NE', nameEn: 'Niger', nameFr: 'Niger' },
  { code: 'NG', nameEn: 'Nigeria', nameFr: 'Nigéria' },
  { code: 'NU', nameEn: 'Niue', nameFr: 'Niue' },
  { code: 'NF', nameEn: 'Norfolk Island', nameFr: 'Île Norfolk' },
  { code: 'KP', nameEn: 'North Korea', nameFr: 'Corée du Nord' },
  { code: 'MK', nameEn: 'North Macedonia', nameFr: 'Macédoine du Nord' },
  { code: 'MP', nameEn: 'Northern Mariana Islands', nameFr: 'Mariannes du Nord' },
  { code: 'NO', nameEn: 'Norway', nameFr: 'Norvège' },
  { code: 'OM', nameEn: 'Oman', nameFr: 'Oman' },
  { code: 'PK', nameEn: 'Pakistan', nameFr: 'Pakistan' },
  { code: 'PW', nameEn: 'Palau', nameFr: 'Palaos' },
  { code: 'PS', nameEn: 'Palestine', nameFr: 'Palestine' },
  { code: 'PA', nameEn: 'Panama', nameFr: 'Panama' },
  { code: 'PG', nameEn: 'Papua New Guinea', nameFr: 'Papouasie-Nouvelle-Guinée' },
  { code: 'PY', nameEn: 'Paraguay', nameFr: 'Paraguay' },
  { code: 'PE', nameEn: 'Peru', nameFr: 'Pérou' },
  { code: 'PH', nameEn: 'Philippines', nameFr: 'Philippines' },
  { code: 'PN', nameEn: 'Pitcairn Islands', nameFr: 'Îles Pitcairn' },
  { code: 'PL', nameEn: 'Poland', nameFr: 'Pologne' },
  { code: 'PT', nameEn: 'Portugal', nameFr: 'Portugal' },
  { code: 'PR', nameEn: 'Puerto Rico', nameFr: 'Porto Rico' },
  { code: 'QA', nameEn: 'Qatar', nameFr: 'Qatar' },
  { code: 'RE', nameEn: 'Réunion', nameFr: 'La Réunion' },
  { code: 'RO', nameEn: 'Romania', nameFr: 'Roumanie' },
  { code: 'RU', nameEn: 'Russia', nameFr: 'Russie' },
  { code: 'RW', nameEn: 'Rwanda', nameFr: 'Rwanda' },
  { code: 'SH', nameEn: 'Saint Helena', nameFr: 'Sainte-Hélène' },
  { code: 'KN', nameEn: 'Saint Kitts and Nevis', nameFr: 'Saint-Kitts-et-Nevis' },
  { code: 'LC', nameEn: 'Saint Lucia', nameFr: 'Sainte-Lucie' },
  { code: 'MF', nameEn: 'Saint Martin', nameFr: 'Saint-Martin (France)' },
  { code: 'VC', nameEn: 'Saint Vincent and the Grenadines', nameFr: 'Saint-Vincent-et-les Grenadines' },
  { code: 'BL', nameEn: 'Saint-Barthélemy', nameFr: 'Saint-Barthélemy' },
  { code: 'PM', nameEn: 'Saint-Pierre-et-Miquelon', nameFr: 'Saint-Pierre-et-Miquelon' },
  { code: 'WS', nameEn: 'Samoa', nameFr: 'Samoa' },
  { code: 'SM', nameEn: 'San Marino', nameFr: 'Saint-Marin' },
  { code: 'ST', nameEn: 'São Tomé and Príncipe', nameFr: 'Sao Tomé-et-Principe' },
  { code: 'SA', nameEn: 'Saudi Arabia', nameFr: 'Arabie saoudite' },
  { code: 'SN', nameEn: 'Senegal', nameFr: 'Sénégal' },
  { code: 'RS', nameEn: 'Serbia', nameFr: 'Serbie' },
  { code: 'SC', nameEn: 'Seychelles', nameFr: 'Seychelles' },
  { code: 'SL', nameEn: 'Sierra Leone', nameFr: 'Sierra Leone' },
  { code: 'SG', nameEn: 'Singapore', nameFr: 'Singapour' },
  { code: 'SX', nameEn: 'Sint Maarten', nameFr: 'Saint-Martin (Pays-Bas)' },
  { code: 'SK', nameEn: 'Slovakia', nameFr: 'Slovaquie' },
  { code: 'SI', nameEn: 'Slovenia', nameFr: 'Slovénie' },
  { code: 'SB', nameEn: 'Solomon Islands', nameFr: 'Îles Salomon' },
  { code: 'SO', nameEn: 'Somalia', nameFr: 'Somalie' },
  { code: 'ZA', nameEn: 'South Africa', nameFr: 'Afrique du Sud' },
  {
    code: 'GS',
    nameEn: 'South Georgia and South Sandwich Islands',
    nameFr: 'Géorgie du Sud-et-les Îles Sandwich du Sud',
  },
  { code: 'KR', nameEn: 'South Korea', nameFr: 'Corée du Sud' },
  { code: 'SS', nameEn: 'South Sudan', nameFr: 'Soudan du Sud' },
  { code: 'ES', nameEn: 'Spain', nameFr: 'Espagne' },
  { code: 'LK', nameEn: 'Sri Lanka', nameFr: 'Sri Lanka' },
  { code: 'SD', nameEn: 'Sudan', nameFr: 'Soudan' },
  { code: 'SR', nameEn: 'Suriname', nameFr: 'Suriname' },
  { code: 'SJ', nameEn: 'Svalbard and Jan Mayen', nameFr: 'Svalbard et Jan Mayen' },
  { code: 'SE', nameEn: 'Sweden', nameFr: 'Suède' },
  { code: 'CH', nameEn: 'Switzerland', nameFr: 'Suisse' },
  { code: 'SY', nameEn: 'Syria', nameFr: 'Syrie' },
  { code: 'TW', nameEn: 'Taiwan', nameFr: 'Taïwan' },
  { code: 'TJ', nameEn: 'Tajikistan', nameFr: 'Tadjikistan' },
  { code: 'TZ', nameEn: 'Tanzania', nameFr: 'Tanzanie' },
  { code: 'TH', nameEn: 'Thailand', nameFr: 'Thaïlande' },
  { code: 'TL', nameEn: 'Timor-Leste', nameFr: 'Timor-Leste' },
  { code: 'TG', nameEn: 'Togo', nameFr: 'Togo' },
  { code: 'TK', nameEn: 'Tokelau', nameFr: 'Tokelau' },
  { code: 'TO', nameEn: 'Tonga', nameFr: 'Tonga' },
  { code: 'TT', nameEn: 'Trinidad and Tobago', nameFr: 'Trinité-et-Tobago' },
  { code: 'TN', nameEn: 'Tunisia', nameFr: 'Tunisie' },
  { code: 'TR', nameEn: 'Türkiye', nameFr: 'Turquie' },
  { code: 'TM', nameEn: 'Turkmenistan', nameFr: 'Turkménistan' },
  { code: 'TC', nameEn: 'Turks and Caicos Islands', nameFr: 'Îles Turques-et-Caïques' },
  { code: 'TV', nameEn: 'Tuvalu', nameFr: 'Tuvalu' },
  { code: 'UG', nameEn: 'Uganda', nameFr: 'Ouganda' },
  { code: 'UA', nameEn: 'Ukraine', nameFr: 'Ukraine' },
  { code: 'AE', nameEn: 'United Arab Emirates', nameFr: 'Émirats arabes unis' },
  { code: 'GB', nameEn: 'United Kingdom', nameFr: 'Royaume-Uni' },
  {
    code: 'UM',
    nameEn: 'United States Minor Outlying Islands',
    nameFr: 'Îles mineures éloignées des États-Unis',
  },
  { code: 'UY', nameEn: 'Uruguay', nameFr: 'Uruguay' },
  { code: 'VI', nameEn: 'US Virgin Islands', nameFr: 'Îles Vierges américaines' },
  { code: 'UZ', nameEn: 'Uzbekistan', nameFr: 'Ouzbékistan' },
  { code: 'VU', nameEn: 'Vanuatu', nameFr: 'Vanuatu' },
  { code: 'VA', nameEn: 'Vatican City', nameFr: 'Cité du Vatican' },
  { code: 'VE', nameEn: 'Venezuela', nameFr: 'Vénézuéla' },
  { code: 'VN', nameEn: 'Vietnam', nameFr: 'Vietnam' },
  { code: 'WF', nameEn: 'Wallis and Futuna', nameFr: 'Wallis-et-Futuna' },
  { code: 'EH', nameEn: 'Western Sahara', nameFr: 'Sahara occidental' },
  { code: 'YE', nameEn: 'Yemen', nameFr: 'Yémen' },
  { code: 'ZM', nameEn: 'Zambia', nameFr: 'Zambie' },
  { code: 'ZW', nameEn: 'Zimbabwe', nameFr: 'Zimbabwe' },
];

/** Canadian provinces and territories with their Canada Post two-letter codes (13). */
export const PROVINCES: readonly NamedCode[] = [
  { code: 'AB', nameEn: 'Alberta', nameFr: 'Alberta' },
  { code: 'BC', nameEn: 'British Columbia', nameFr: 'Colombie-Britannique' },
  { code: 'MB', nameEn: 'Manitoba', nameFr: 'Manitoba' },
  { code: 'NB', nameEn: 'New Brunswick', nameFr: 'Nouveau-Brunswick' },
  { code: 'NL', nameEn: 'Newfoundland and Labrador', nameFr: 'Terre-Neuve-et-Labrador' },
  { code: 'NS', nameEn: 'Nova Scotia', nameFr: 'Nouvelle-Écosse' },
  { code: 'NT', nameEn: 'Northwest Territories', nameFr: 'Territoires du Nord-Ouest' },
  { code: 'NU', nameEn: 'Nunavut', nameFr: 'Nunavut' },
  { code: 'ON', nameEn: 'Ontario', nameFr: 'Ontario' },
  { code: 'PE', nameEn: 'Prince Edward Island', nameFr: 'Île-du-Prince-Édouard' },
  { code: 'QC', nameEn: 'Quebec', nameFr: 'Québec' },
  { code: 'SK', nameEn: 'Saskatchewan', nameFr: 'Saskatchewan' },
  { code: 'YT', nameEn: 'Yukon', nameFr: 'Yukon' },
];

/** Canada Post province and territory code. */
export type ProvinceCode =
  'AB' | 'BC' | 'MB' | 'NB' | 'NL' | 'NS' | 'NT' | 'NU' | 'ON' | 'PE' | 'QC' | 'SK' | 'YT';

/** The 50 US states with their USPS codes. */
export const US_STATES: readonly NamedCode[] = [
  { code: 'AL', nameEn: 'Alabama', nameFr: 'Alabama' },
  { code: 'AK', nameEn: 'Alaska', nameFr: 'Alaska' },
  { code: 'AZ', nameEn: 'Arizona', nameFr: 'Arizona' },
  { code: 'AR', nameEn: 'Arkansas', nameFr: 'Arkansas' },
  { code: 'CA', nameEn: 'California', nameFr: 'Californie' },
  { code: 'CO', nameEn: 'Colorado', nameFr: 'Colorado' },
  { code: 'CT', nameEn: 'Connecticut', nameFr: 'Connecticut' },
  { code: 'DE', nameEn: 'Delaware', nameFr: 'Delaware' },
  { code: 'FL', nameEn: 'Florida', nameFr: 'Floride' },
  { code: 'GA', nameEn: 'Georgia', nameFr: 'Géorgie' },
  { code: 'HI', nameEn: 'Hawaii', nameFr: 'Hawaï' },
  { code: 'ID', nameEn: 'Idaho', nameFr: 'Idaho' },
  { code: 'IL', nameEn: 'Illinois', nameFr: 'Illinois' },
  { code: 'IN', nameEn: 'Indiana', nameFr: 'Indiana' },
  { code: 'IA', nameEn: 'Iowa', nameFr: 'Iowa' },
  { code: 'KS', nameEn: 'Kansas', nameFr: 'Kansas' },
  { code: 'KY', nameEn: 'Kentucky', nameFr: 'Kentucky' },
  { code: 'LA', nameEn: 'Louisiana', nameFr: 'Louisiane' },
  { code: 'ME', nameEn: 'Maine', nameFr: 'Maine' },
  { code: 'MD', nameEn: 'Maryland', nameFr: 'Maryland' },
  { code: 'MA', nameEn: 'Massachusetts', nameFr: 'Massachusetts' },
  { code: 'MI', nameEn: 'Michigan', nameFr: 'Michigan' },
  { code: 'MN', nameEn: 'Minnesota', nameFr: 'Minnesota' },
  { code: 'MS', nameEn: 'Mississippi', nameFr: 'Mississippi' },
  { code: 'MO', nameEn: 'Missouri', nameFr: 'Missouri' },
  { code: 'MT', nameEn: 'Montana', nameFr: 'Montana' },
  { code: 'NE', nameEn: 'Nebraska', nameFr: 'Nebraska' },
  { code: 'NV', nameEn: 'Nevada', nameFr: 'Nevada' },
  { code: 'NH', nameEn: 'New Hampshire', nameFr: 'New Hampshire' },
  { code: 'NJ', nameEn: 'New Jersey', nameFr: 'New Jersey' },
  { code: 'NM', nameEn: 'New Mexico', nameFr: 'Nouveau-Mexique' },
  { code: 'NY', nameEn: 'New York', nameFr: 'New York' },
  { code: 'NC', nameEn: 'North Carolina', nameFr: 'Caroline du Nord' },
  { code: 'ND', nameEn: 'North Dakota', nameFr: 'Dakota du Nord' },
  { code: 'OH', nameEn: 'Ohio', nameFr: 'Ohio' },
  { code: 'OK', nameEn: 'Oklahoma', nameFr: 'Oklahoma' },
  { code: 'OR', nameEn: 'Oregon', nameFr: 'Oregon' },
  { code: 'PA', nameEn: 'Pennsylvania', nameFr: 'Pennsylvanie' },
  { code: 'RI', nameEn: 'Rhode Island', nameFr: 'Rhode Island' },
  { code: 'SC', nameEn: 'South Carolina', nameFr: 'Caroline du Sud' },
  { code: 'SD', nameEn: 'South Dakota', nameFr: 'Dakota du Sud' },
  { code: 'TN', nameEn: 'Tennessee', nameFr: 'Tennessee' },
  { code: 'TX', nameEn: 'Texas', nameFr: 'Texas' },
  { code: 'UT', nameEn: 'Utah', nameFr: 'Utah' },
  { code: 'VT', nameEn: 'Vermont', nameFr: 'Vermont' },
  { code: 'VA', nameEn: 'Virginia', nameFr: 'Virginie' },
  { code: 'WA', nameEn: 'Washington', nameFr: 'Washington' },
  { code: 'WV', nameEn: 'West Virginia', nameFr: 'Virginie-Occidentale' },
  { code: 'WI', nameEn: 'Wisconsin', nameFr: 'Wisconsin' },
  { code: 'WY', nameEn: 'Wyoming', nameFr: 'Wyoming' },
];

/**
 * Age of majority by province or territory: 18 in AB, MB, ON, PE, QC and SK; 19 elsewhere
 * (reference/providers-and-rules.md §6.4).
 */
export const AGE_OF_MAJORITY: Readonly<Record<ProvinceCode, 18 | 19>> = {
  AB: 18,
  BC: 19,
  MB: 18,
  NB: 19,
  NL: 19,
  NS: 19,
  NT: 19,
  NU: 19,
  ON: 18,
  PE: 18,
  QC: 18,
  SK: 18,
  YT: 19,
};

const normalize = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

function findIn(list: readonly NamedCode[], codeOrName: string | null | undefined): NamedCode | undefined {
  if (!codeOrName) return undefined;
  const key = normalize(codeOrName);
  return (
    list.find((e) => e.code.toLowerCase() === key) ??
    list.find((e) => normalize(e.nameEn) === key || normalize(e.nameFr) === key)
  );
}

/**
 * Finds a country by ISO alpha-2 code or by English or French name (case and accents ignored).
 * Also accepts 'CAN' and 'USA', which address services return.
 * @param codeOrName e.g. 'CA', 'Canada', 'états-unis', 'USA'
 */
export function findCountry(codeOrName: string | null | undefined): NamedCode | undefined {
  const alpha3: Record<string, string> = { can: 'CA', usa: 'US' };
  const mapped = codeOrName ? alpha3[normalize(codeOrName)] : undefined;
  return findIn(COUNTRIES, mapped ?? codeOrName);
}

/**
 * Tells whether a country code or name is Canada (the only country of residence accepted online).
 * @param codeOrName e.g. 'CA', 'Canada', 'CAN'
 */
export function isCanada(codeOrName: string | null | undefined): boolean {
  return findCountry(codeOrName)?.code === 'CA';
}

/**
 * Tells whether a country code or name is the United States.
 * @param codeOrName e.g. 'US', 'United States', 'USA'
 */
export function isUnitedStates(codeOrName: string | null | undefined): boolean {
  return findCountry(codeOrName)?.code === 'US';
}

/**
 * Finds a province or territory by Canada Post code or English or French name (case and accents ignored).
 * @param codeOrName e.g. 'ON', 'Quebec', 'Québec'
 */
export function findProvince(codeOrName: string | null | undefined): NamedCode | undefined {
  return findIn(PROVINCES, codeOrName);
}

/**
 * Finds a US state by USPS code or English or French name (case and accents ignored).
 * @param codeOrName e.g. 'NY', 'California', 'Californie'
 */
export function findUsState(codeOrName: string | null | undefined): NamedCode | undefined {
  return findIn(US_STATES, codeOrName);
}

/**
 * Age of majority of a province or territory (code or name); undefined when it is not one.
 * @param province e.g. 'BC' → 19
 */
export function ageOfMajorityOf(province: string | null | undefined): 18 | 19 | undefined {
  const found = findProvince(province);
  return found ? AGE_OF_MAJORITY[found.code as ProvinceCode] : undefined;
}
