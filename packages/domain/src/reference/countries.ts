/**
 * ISO 3166-1 countries with English and Canadian French names, generated once from CLDR (Intl.DisplayNames
 * en-CA / fr-CA) and kept static so the browser and the server show the same text whatever their ICU version.
 */
import { findIn, namedCodesOf, normalize, type NamedCode } from './named-code.ts';

/** ISO 3166-1 alpha-2 countries (249): Canada, United States, then alphabetical by English name. */
export const COUNTRIES: readonly NamedCode[] = /* @__PURE__ */ namedCodesOf(`
CA|Canada|Canada
US|United States|États-Unis
AF|Afghanistan|Afghanistan
AX|Åland Islands|Îles d’Åland
AL|Albania|Albanie
DZ|Algeria|Algérie
AS|American Samoa|Samoa américaines
AD|Andorra|Andorre
AO|Angola|Angola
AI|Anguilla|Anguilla
AQ|Antarctica|Antarctique
AG|Antigua and Barbuda|Antigua-et-Barbuda
AR|Argentina|Argentine
AM|Armenia|Arménie
AW|Aruba|Aruba
AU|Australia|Australie
AT|Austria|Autriche
AZ|Azerbaijan|Azerbaïdjan
BS|Bahamas|Bahamas
BH|Bahrain|Bahreïn
BD|Bangladesh|Bangladesh
BB|Barbados|Barbade
BY|Belarus|Bélarus
BE|Belgium|Belgique
BZ|Belize|Bélize
BJ|Benin|Bénin
BM|Bermuda|Bermudes
BT|Bhutan|Bhoutan
BO|Bolivia|Bolivie
BA|Bosnia and Herzegovina|Bosnie-Herzégovine
BW|Botswana|Botswana
BV|Bouvet Island|Île Bouvet
BR|Brazil|Brésil
IO|British Indian Ocean Territory|Territoire britannique de l’océan Indien
VG|British Virgin Islands|Îles Vierges britanniques
BN|Brunei|Brunéi
BG|Bulgaria|Bulgarie
BF|Burkina Faso|Burkina Faso
BI|Burundi|Burundi
KH|Cambodia|Cambodge
CM|Cameroon|Cameroun
CV|Cape Verde|Cap-Vert
BQ|Caribbean Netherlands|Pays-Bas caribéens
KY|Cayman Islands|Îles Caïmans
CF|Central African Republic|République centrafricaine
TD|Chad|Tchad
CL|Chile|Chili
CN|China|Chine
CX|Christmas Island|Île Christmas
CC|Cocos (Keeling) Islands|Îles Cocos (Keeling)
CO|Colombia|Colombie
KM|Comoros|Comores
CD|Congo (Democratic Republic of the)|Congo (République démocratique du)
CG|Congo (Republic of the)|Congo (République du)
CK|Cook Islands|Îles Cook
CR|Costa Rica|Costa Rica
CI|Côte d'Ivoire|Côte d’Ivoire
HR|Croatia|Croatie
CU|Cuba|Cuba
CW|Curaçao|Curaçao
CY|Cyprus|Chypre
CZ|Czechia|Tchéquie
DK|Denmark|Danemark
DJ|Djibouti|Djibouti
DM|Dominica|Dominique
DO|Dominican Republic|République dominicaine
EC|Ecuador|Équateur
EG|Egypt|Égypte
SV|El Salvador|Salvador
GQ|Equatorial Guinea|Guinée équatoriale
ER|Eritrea|Érythrée
EE|Estonia|Estonie
SZ|Eswatini|Eswatini
ET|Ethiopia|Éthiopie
FK|Falkland Islands|Îles Malouines
FO|Faroe Islands|Îles Féroé
FJ|Fiji|Fidji
FI|Finland|Finlande
FR|France|France
GF|French Guiana|Guyane française
PF|French Polynesia|Polynésie française
TF|French Southern Territories|Terres australes françaises
GA|Gabon|Gabon
GM|Gambia|Gambie
GE|Georgia|Géorgie
DE|Germany|Allemagne
GH|Ghana|Ghana
GI|Gibraltar|Gibraltar
GR|Greece|Grèce
GL|Greenland|Groenland
GD|Grenada|Grenade
GP|Guadeloupe|Guadeloupe
GU|Guam|Guam
GT|Guatemala|Guatemala
GG|Guernsey|Guernesey
GN|Guinea|Guinée
GW|Guinea-Bissau|Guinée-Bissau
GY|Guyana|Guyana
HT|Haiti|Haïti
HM|Heard and McDonald Islands|Îles Heard et McDonald
HN|Honduras|Honduras
HK|Hong Kong|Hong Kong
HU|Hungary|Hongrie
IS|Iceland|Islande
IN|India|Inde
ID|Indonesia|Indonésie
IR|Iran|Iran
IQ|Iraq|Irak
IE|Ireland|Irlande
IM|Isle of Man|Île de Man
IL|Israel|Israël
IT|Italy|Italie
JM|Jamaica|Jamaïque
JP|Japan|Japon
JE|Jersey|Jersey
JO|Jordan|Jordanie
KZ|Kazakhstan|Kazakhstan
KE|Kenya|Kenya
KI|Kiribati|Kiribati
KW|Kuwait|Koweït
KG|Kyrgyzstan|Kirghizistan
LA|Laos|Laos
LV|Latvia|Lettonie
LB|Lebanon|Liban
LS|Lesotho|Lesotho
LR|Liberia|Libéria
LY|Libya|Libye
LI|Liechtenstein|Liechtenstein
LT|Lithuania|Lituanie
LU|Luxembourg|Luxembourg
MO|Macao|Macao
MG|Madagascar|Madagascar
MW|Malawi|Malawi
MY|Malaysia|Malaisie
MV|Maldives|Maldives
ML|Mali|Mali
MT|Malta|Malte
MH|Marshall Islands|Îles Marshall
MQ|Martinique|Martinique
MR|Mauritania|Mauritanie
MU|Mauritius|Maurice
YT|Mayotte|Mayotte
MX|Mexico|Mexique
FM|Micronesia|Micronésie
MD|Moldova|Moldavie
MC|Monaco|Monaco
MN|Mongolia|Mongolie
ME|Montenegro|Monténégro
MS|Montserrat|Montserrat
MA|Morocco|Maroc
MZ|Mozambique|Mozambique
MM|Myanmar|Myanmar
NA|Namibia|Namibie
NR|Nauru|Nauru
NP|Nepal|Népal
NL|Netherlands|Pays-Bas
NC|New Caledonia|Nouvelle-Calédonie
NZ|New Zealand|Nouvelle-Zélande
NI|Nicaragua|Nicaragua
NE|Niger|Niger
NG|Nigeria|Nigéria
NU|Niue|Niue
NF|Norfolk Island|Île Norfolk
KP|North Korea|Corée du Nord
MK|North Macedonia|Macédoine du Nord
MP|Northern Mariana Islands|Mariannes du Nord
NO|Norway|Norvège
OM|Oman|Oman
PK|Pakistan|Pakistan
PW|Palau|Palaos
PS|Palestine|Palestine
PA|Panama|Panama
PG|Papua New Guinea|Papouasie-Nouvelle-Guinée
PY|Paraguay|Paraguay
PE|Peru|Pérou
PH|Philippines|Philippines
PN|Pitcairn Islands|Îles Pitcairn
PL|Poland|Pologne
PT|Portugal|Portugal
PR|Puerto Rico|Porto Rico
QA|Qatar|Qatar
RE|Réunion|La Réunion
RO|Romania|Roumanie
RU|Russia|Russie
RW|Rwanda|Rwanda
SH|Saint Helena|Sainte-Hélène
KN|Saint Kitts and Nevis|Saint-Kitts-et-Nevis
LC|Saint Lucia|Sainte-Lucie
MF|Saint Martin|Saint-Martin (France)
VC|Saint Vincent and the Grenadines|Saint-Vincent-et-les Grenadines
BL|Saint-Barthélemy|Saint-Barthélemy
PM|Saint-Pierre-et-Miquelon|Saint-Pierre-et-Miquelon
WS|Samoa|Samoa
SM|San Marino|Saint-Marin
ST|São Tomé and Príncipe|Sao Tomé-et-Principe
SA|Saudi Arabia|Arabie saoudite
SN|Senegal|Sénégal
RS|Serbia|Serbie
SC|Seychelles|Seychelles
SL|Sierra Leone|Sierra Leone
SG|Singapore|Singapour
SX|Sint Maarten|Saint-Martin (Pays-Bas)
SK|Slovakia|Slovaquie
SI|Slovenia|Slovénie
SB|Solomon Islands|Îles Salomon
SO|Somalia|Somalie
ZA|South Africa|Afrique du Sud
GS|South Georgia and South Sandwich Islands|Géorgie du Sud-et-les Îles Sandwich du Sud
KR|South Korea|Corée du Sud
SS|South Sudan|Soudan du Sud
ES|Spain|Espagne
LK|Sri Lanka|Sri Lanka
SD|Sudan|Soudan
SR|Suriname|Suriname
SJ|Svalbard and Jan Mayen|Svalbard et Jan Mayen
SE|Sweden|Suède
CH|Switzerland|Suisse
SY|Syria|Syrie
TW|Taiwan|Taïwan
TJ|Tajikistan|Tadjikistan
TZ|Tanzania|Tanzanie
TH|Thailand|Thaïlande
TL|Timor-Leste|Timor-Leste
TG|Togo|Togo
TK|Tokelau|Tokelau
TO|Tonga|Tonga
TT|Trinidad and Tobago|Trinité-et-Tobago
TN|Tunisia|Tunisie
TR|Türkiye|Turquie
TM|Turkmenistan|Turkménistan
TC|Turks and Caicos Islands|Îles Turques-et-Caïques
TV|Tuvalu|Tuvalu
UG|Uganda|Ouganda
UA|Ukraine|Ukraine
AE|United Arab Emirates|Émirats arabes unis
GB|United Kingdom|Royaume-Uni
UM|United States Minor Outlying Islands|Îles mineures éloignées des États-Unis
UY|Uruguay|Uruguay
VI|US Virgin Islands|Îles Vierges américaines
UZ|Uzbekistan|Ouzbékistan
VU|Vanuatu|Vanuatu
VA|Vatican City|Cité du Vatican
VE|Venezuela|Vénézuéla
VN|Vietnam|Vietnam
WF|Wallis and Futuna|Wallis-et-Futuna
EH|Western Sahara|Sahara occidental
YE|Yemen|Yémen
ZM|Zambia|Zambie
ZW|Zimbabwe|Zimbabwe
`);

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
