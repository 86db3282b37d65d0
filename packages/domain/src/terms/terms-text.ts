/**
 * The wording of the terms (spec 001 §2.5) in English and Canadian French: the account terms of each
 * product mix and the membership terms. Plausible terms for a credit union, not legal advice.
 */
import type { Language } from '../messages/messages.types.ts';
import type { TermsDocument, TermsMix, TermsSection } from './terms.ts';

const COMMON_EN: readonly TermsSection[] = [
  {
    heading: 'Your membership',
    paragraphs: [
      'By opening an account you become a member and owner of {institution}. Membership requires the purchase of one membership share, which is held in your membership account and refunded when you close your membership, subject to the credit union’s rules.',
      'You agree to the Membership Terms and Conditions, which you can download from this page, and to any change to them that we tell you about at least 30 days before it takes effect.',
    ],
  },
  {
    heading: 'Deposit insurance',
    paragraphs: [
      'Eligible deposits with {institution} are insured by the deposit insurer of our province, within its limits and rules. Registered plans are insured separately from other deposits.',
    ],
  },
];

const COMMON_FR: readonly TermsSection[] = [
  {
    heading: 'Votre adhésion',
    paragraphs: [
      'En ouvrant un compte, vous devenez membre et copropriétaire de {institution}. L’adhésion exige l’achat d’une part sociale, conservée dans votre compte de parts et remboursée à la fin de votre adhésion, selon les règles de la caisse.',
      'Vous acceptez les conditions d’adhésion, que vous pouvez télécharger sur cette page, ainsi que toute modification que nous vous annonçons au moins 30 jours avant son entrée en vigueur.',
    ],
  },
  {
    heading: 'Assurance-dépôts',
    paragraphs: [
      'Les dépôts admissibles à {institution} sont assurés par l’assureur-dépôts de notre province, dans les limites et selon les règles de celui-ci. Les régimes enregistrés sont assurés séparément des autres dépôts.',
    ],
  },
];

const CLOSING_EN: TermsSection = {
  heading: 'Questions',
  paragraphs: [
    'Call us at {phone} if anything in these terms is unclear. Keep a copy of these terms for your records.',
  ],
};
const CLOSING_FR: TermsSection = {
  heading: 'Questions',
  paragraphs: [
    'Appelez-nous au {phone} si un point de ces conditions n’est pas clair. Conservez une copie de ces conditions pour vos dossiers.',
  ],
};

const en = (title: string, sections: TermsSection[]): TermsDocument => ({
  title,
  sections: [...sections, ...COMMON_EN, CLOSING_EN],
});
const fr = (title: string, sections: TermsSection[]): TermsDocument => ({
  title,
  sections: [...sections, ...COMMON_FR, CLOSING_FR],
});

/** The account terms of each product mix, by language. */
export const MIX_TERMS: Readonly<Record<Language, Readonly<Record<TermsMix, TermsDocument>>>> = {
  en: {
    base: en('Account Terms and Conditions', [
      {
        heading: 'Using your account',
        paragraphs: [
          'You may deposit and withdraw money at any branch, at ABMs, online and in the mobile app. Service charges are those of the fee schedule in force, which we publish on our website and at our branches.',
          'You must review your statements and tell us of any error or unauthorized transaction within 30 days of the statement date; after that the statement is considered correct.',
        ],
      },
      {
        heading: 'Debit card and access',
        paragraphs: [
          'Keep your personal identification number (PIN) and online banking password secret. Tell us at once if your card is lost or stolen or you think someone knows your PIN or password; you are not liable for losses that happen after you tell us.',
        ],
      },
    ]),
    gic: en('Term Deposit (GIC) Terms and Conditions', [
      {
        heading: 'Your term deposit',
        paragraphs: [
          'A term deposit earns the interest rate in force on the day it is opened for the length of term you chose. The deposit cannot be withdrawn before maturity, except in the cases the law allows; an early withdrawal may forfeit all or part of the interest.',
          'Interest is calculated daily and paid as your term provides: at maturity, or annually for terms longer than one year.',
        ],
      },
      {
        heading: 'At maturity',
        paragraphs: [
          'We remind you 30 days before maturity. Unless you instruct us otherwise, the renewal option you chose applies: the deposit is renewed for the same term at the rate then in force, or transferred to your account.',
        ],
      },
    ]),
    registered: en('Registered Plans and Term Deposit Terms and Conditions', [
      {
        heading: 'Your registered plans',
        paragraphs: [
          'Each registered plan (RRSP, TFSA or FHSA) is a trust arrangement registered under the Income Tax Act (Canada). You are responsible for your contribution limits and for any tax the Canada Revenue Agency charges on an excess contribution.',
          'The beneficiary designation rules of your province apply to each plan. You may name a beneficiary or a successor holder on a separate form.',
        ],
      },
      {
        heading: 'Term deposits held in a plan',
        paragraphs: [
          'A term deposit held in a plan earns the rate in force on the day it is opened and cannot be withdrawn before maturity, except as the law allows. At maturity the renewal option you chose applies.',
        ],
      },
      {
        heading: 'Withdrawals and transfers',
        paragraphs: [
          'Withdrawals from an RRSP are taxable and we must withhold tax. Withdrawals from a TFSA are not taxable and are added back to your contribution room the next year. FHSA withdrawals are tax free only when they are qualifying withdrawals to buy a first home.',
        ],
      },
    ]),
    rrsp: en('Registered Retirement Savings Plan (RRSP) Terms and Conditions', [
      {
        heading: 'Your RRSP',
        paragraphs: [
          'Your RRSP is registered under the Income Tax Act (Canada). We issue a contribution receipt for each contribution you make. You are responsible for your deduction limit and for any tax on an excess contribution.',
          'You must convert your RRSP into a retirement income fund or an annuity, or withdraw it, by the end of the year in which you turn 71.',
        ],
      },
      {
        heading: 'Withdrawals',
        paragraphs: [
          'Withdrawals are taxable income. We withhold tax at the rates the law sets and send you a tax slip. Withdrawals under the Home Buyers’ Plan or the Lifelong Learning Plan follow their own rules.',
        ],
      },
    ]),
    tfsa: en('Tax-Free Savings Account (TFSA) Terms and Conditions', [
      {
        heading: 'Your TFSA',
        paragraphs: [
          'Your TFSA is registered under the Income Tax Act (Canada). You must be 18 or older and have a valid Social Insurance Number. Income earned in the plan is not taxed.',
          'You are responsible for your contribution room. The Canada Revenue Agency charges 1% a month on any excess contribution.',
        ],
      },
      {
        heading: 'Withdrawals',
        paragraphs: [
          'You may withdraw at any time. The amount withdrawn is added back to your contribution room on January 1 of the following year.',
        ],
      },
    ]),
    fhsa: en('First Home Savings Account (FHSA) Terms and Conditions', [
      {
        heading: 'Your FHSA',
        paragraphs: [
          'Your FHSA is registered under the Income Tax Act (Canada). To open one you must be a resident of Canada, at least 18 years old and under 71, and a first-time home buyer: you did not live in a home you or your spouse owned at any time this year or in the previous four calendar years.',
          'You may contribute up to $8,000 a year and $40,000 in your lifetime. Contributions are deductible from your income.',
        ],
      },
      {
        heading: 'Withdrawals and closing',
        paragraphs: [
          'A qualifying withdrawal to buy a first home is tax free. Other withdrawals are taxable. The plan must be closed by the end of the 15th year after it was opened, or the year you turn 71, whichever is earlier; the balance may be transferred to an RRSP without tax.',
        ],
      },
    ]),
  },
  fr: {
    base: fr('Conditions du compte', [
      {
        heading: 'Utilisation de votre compte',
        paragraphs: [
          'Vous pouvez déposer et retirer de l’argent à nos succursales, aux guichets automatiques, en ligne et dans l’application mobile. Les frais de service sont ceux du barème en vigueur, publié sur notre site Web et dans nos succursales.',
          'Vous devez examiner vos relevés et nous signaler toute erreur ou opération non autorisée dans les 30 jours suivant la date du relevé; passé ce délai, le relevé est réputé exact.',
        ],
      },
      {
        heading: 'Carte de débit et accès',
        paragraphs: [
          'Gardez secrets votre numéro d’identification personnel (NIP) et votre mot de passe de services bancaires en ligne. Avisez-nous sans délai si votre carte est perdue ou volée, ou si vous croyez qu’une autre personne connaît votre NIP ou votre mot de passe; vous n’êtes pas responsable des pertes survenues après votre avis.',
        ],
      },
    ]),
    gic: fr('Conditions du dépôt à terme (CPG)', [
      {
        heading: 'Votre dépôt à terme',
        paragraphs: [
          'Un dépôt à terme rapporte le taux d’intérêt en vigueur le jour de son ouverture pour la durée choisie. Il ne peut être retiré avant l’échéance, sauf dans les cas prévus par la loi; un retrait anticipé peut entraîner la perte de tout ou partie des intérêts.',
          'Les intérêts sont calculés chaque jour et versés selon votre terme, à l’échéance ou chaque année pour les termes de plus d’un an.',
        ],
      },
      {
        heading: 'À l’échéance',
        paragraphs: [
          'Nous vous envoyons un rappel 30 jours avant l’échéance. Sauf directive contraire de votre part, l’option de renouvellement choisie s’applique, soit le renouvellement pour la même durée au taux alors en vigueur, soit le virement à votre compte.',
        ],
      },
    ]),
    registered: fr('Conditions des régimes enregistrés et des dépôts à terme', [
      {
        heading: 'Vos régimes enregistrés',
        paragraphs: [
          'Chaque régime enregistré (REER, CELI ou CELIAPP) est une fiducie enregistrée en vertu de la Loi de l’impôt sur le revenu (Canada). Vous êtes responsable de vos plafonds de cotisation et de tout impôt exigé par l’Agence du revenu du Canada sur une cotisation excédentaire.',
          'Les règles de votre province sur la désignation de bénéficiaire s’appliquent à chaque régime. Vous pouvez désigner un bénéficiaire ou un titulaire remplaçant au moyen d’un formulaire distinct.',
        ],
      },
      {
        heading: 'Dépôts à terme détenus dans un régime',
        paragraphs: [
          'Un dépôt à terme détenu dans un régime rapporte le taux en vigueur le jour de son ouverture et ne peut être retiré avant l’échéance, sauf dans les cas prévus par la loi. À l’échéance, l’option de renouvellement choisie s’applique.',
        ],
      },
      {
        heading: 'Retraits et transferts',
        paragraphs: [
          'Les retraits d’un REER sont imposables et nous devons retenir l’impôt. Les retraits d’un CELI ne sont pas imposables et s’ajoutent à vos droits de cotisation l’année suivante. Les retraits d’un CELIAPP sont libres d’impôt seulement s’il s’agit de retraits admissibles pour l’achat d’une première habitation.',
        ],
      },
    ]),
    rrsp: fr('Conditions du régime enregistré d’épargne-retraite (REER)', [
      {
        heading: 'Votre REER',
        paragraphs: [
          'Votre REER est enregistré en vertu de la Loi de l’impôt sur le revenu (Canada). Nous émettons un reçu pour chaque cotisation. Vous êtes responsable de votre plafond de déduction et de tout impôt sur une cotisation excédentaire.',
          'Vous devez convertir votre REER en fonds enregistré de revenu de retraite ou en rente, ou le retirer, au plus tard à la fin de l’année de vos 71 ans.',
        ],
      },
      {
        heading: 'Retraits',
        paragraphs: [
          'Les retraits sont un revenu imposable. Nous retenons l’impôt aux taux prévus par la loi et vous envoyons un feuillet fiscal. Les retraits faits dans le cadre du Régime d’accession à la propriété ou du Régime d’encouragement à l’éducation permanente suivent leurs propres règles.',
        ],
      },
    ]),
    tfsa: fr('Conditions du compte d’épargne libre d’impôt (CELI)', [
      {
        heading: 'Votre CELI',
        paragraphs: [
          'Votre CELI est enregistré en vertu de la Loi de l’impôt sur le revenu (Canada). Vous devez avoir au moins 18 ans et un numéro d’assurance sociale valide. Les revenus gagnés dans le régime ne sont pas imposés.',
          'Vous êtes responsable de vos droits de cotisation. L’Agence du revenu du Canada impose 1 % par mois sur toute cotisation excédentaire.',
        ],
      },
      {
        heading: 'Retraits',
        paragraphs: [
          'Vous pouvez faire un retrait en tout temps. Le montant retiré s’ajoute à vos droits de cotisation le 1er janvier de l’année suivante.',
        ],
      },
    ]),
    fhsa: fr('Conditions du compte d’épargne libre d’impôt pour l’achat d’une première propriété (CELIAPP)', [
      {
        heading: 'Votre CELIAPP',
        paragraphs: [
          'Votre CELIAPP est enregistré en vertu de la Loi de l’impôt sur le revenu (Canada). Pour l’ouvrir, vous devez résider au Canada, avoir au moins 18 ans et moins de 71 ans, et acheter une première habitation, c’est-à-dire ne pas avoir habité, cette année ou au cours des quatre années civiles précédentes, une habitation dont vous ou votre conjoint étiez propriétaire.',
          'Vous pouvez cotiser jusqu’à 8 000 $ par année et 40 000 $ au total. Les cotisations sont déductibles de votre revenu.',
        ],
      },
      {
        heading: 'Retraits et fermeture',
        paragraphs: [
          'Un retrait admissible pour l’achat d’une première habitation est libre d’impôt. Les autres retraits sont imposables. Le régime doit être fermé au plus tard à la fin de la 15e année suivant son ouverture ou de l’année de vos 71 ans, selon la première éventualité; le solde peut être transféré dans un REER sans impôt.',
        ],
      },
    ]),
  },
};

/** The membership terms (the downloadable PDF), by language. */
export const MEMBERSHIP_TERMS: Readonly<Record<Language, TermsDocument>> = {
  en: {
    title: '{institution} Membership Terms and Conditions',
    sections: [
      {
        heading: '1. Membership',
        paragraphs: [
          'Membership in {institution} is open to individuals who live or work in Canada and have reached the age of majority in their province or territory of residence. A member holds one membership share and has one vote at general meetings, whatever the size of their deposits.',
        ],
      },
      {
        heading: '2. Membership share',
        paragraphs: [
          'The membership share is purchased when the membership is opened and is held in the member’s membership account. It is refunded when the membership ends, unless the refund would put the credit union below its capital requirements.',
        ],
      },
      {
        heading: '3. Your information',
        paragraphs: [
          'We collect, use and disclose your personal information to open and operate your accounts, to verify your identity, to meet our legal obligations (including those under the Proceeds of Crime (Money Laundering) and Terrorist Financing Act and the Income Tax Act) and as set out in our privacy statement. You must tell us of any change to your information within 30 days.',
        ],
      },
      {
        heading: '4. Electronic communications',
        paragraphs: [
          'You agree to receive statements, notices and these terms electronically, at the e-mail address you gave us or through online banking. You may ask for paper copies at any time.',
        ],
      },
      {
        heading: '5. Accounts and services',
        paragraphs: [
          'Each account and service is also governed by its own terms, which you accept when you open it. If these terms and an account’s terms disagree, the account’s terms apply to that account.',
        ],
      },
      {
        heading: '6. Changes and closing',
        paragraphs: [
          'We may change these terms by telling you at least 30 days before the change takes effect. You may close your membership at any time; we may close it on notice as the credit union’s rules allow.',
        ],
      },
      {
        heading: '7. Complaints',
        paragraphs: [
          'If you have a complaint, call us at {phone} or talk to your branch. If we cannot resolve it, we will tell you how to take it to the independent ombudsman service we belong to.',
        ],
      },
    ],
  },
  fr: {
    title: 'Conditions d’adhésion à {institution}',
    sections: [
      {
        heading: '1. Adhésion',
        paragraphs: [
          'L’adhésion à {institution} est offerte aux personnes qui résident ou travaillent au Canada et qui ont atteint l’âge de la majorité dans leur province ou territoire de résidence. Chaque membre détient une part sociale et dispose d’une voix aux assemblées générales, quel que soit le montant de ses dépôts.',
        ],
      },
      {
        heading: '2. Part sociale',
        paragraphs: [
          'La part sociale est achetée à l’ouverture de l’adhésion et conservée dans le compte de parts du membre. Elle est remboursée à la fin de l’adhésion, sauf si ce remboursement plaçait la caisse sous ses exigences de capital.',
        ],
      },
      {
        heading: '3. Vos renseignements',
        paragraphs: [
          'Nous recueillons, utilisons et communiquons vos renseignements personnels pour ouvrir et gérer vos comptes, vérifier votre identité, respecter nos obligations légales (notamment celles de la Loi sur le recyclage des produits de la criminalité et le financement des activités terroristes et de la Loi de l’impôt sur le revenu) et selon notre déclaration de confidentialité. Vous devez nous signaler tout changement à vos renseignements dans les 30 jours.',
        ],
      },
      {
        heading: '4. Communications électroniques',
        paragraphs: [
          'Vous acceptez de recevoir vos relevés, avis et les présentes conditions par voie électronique, à l’adresse courriel que vous nous avez donnée ou dans les services bancaires en ligne. Vous pouvez demander des copies papier en tout temps.',
        ],
      },
      {
        heading: '5. Comptes et services',
        paragraphs: [
          'Chaque compte et service est aussi régi par ses propres conditions, que vous acceptez à son ouverture. En cas de désaccord entre les présentes conditions et celles d’un compte, les conditions du compte s’appliquent à ce compte.',
        ],
      },
      {
        heading: '6. Modifications et fermeture',
        paragraphs: [
          'Nous pouvons modifier les présentes conditions en vous avisant au moins 30 jours avant l’entrée en vigueur de la modification. Vous pouvez mettre fin à votre adhésion en tout temps; nous pouvons y mettre fin sur avis, selon les règles de la caisse.',
        ],
      },
      {
        heading: '7. Plaintes',
        paragraphs: [
          'Pour toute plainte, appelez-nous au {phone} ou adressez-vous à votre succursale. Si nous ne pouvons la régler, nous vous indiquerons comment la soumettre à l’ombudsman indépendant auquel nous adhérons.',
        ],
      },
    ],
  },
};
