/**
 * The e-mails omo sends, in English and French, each with a plain-text and an HTML part. Parameters are
 * escaped in the HTML; links are absolute (the configured public and online-banking addresses). An e-mail
 * never holds the SIN, a password or a phone verification code (the co-applicant's e-mail code and the
 * resume code of an application without a verified phone, single purpose and short-lived, prove they hold
 * the address); a member number is an identifier, not a secret (the password signs in). The joint
 * invitation, apply-as-single, resume and unsubscribe links carry a one-time token: the e-mail is the only
 * place it is written (the database keeps its hash). The resume e-mails are in resume-templates.ts.
 */
import {
  escapeHtml,
  frenchOf,
  longDayOf,
  type DecisionOutcome,
  type FundingMethod,
  type Language,
} from '@omo/domain';
import { RESUME_TEMPLATES, type ResumeTemplateParams } from './resume-templates.ts';

export interface Brand {
  institutionName: string;
  contactPhone: string;
  onlineBankingUrl: string;
  publicUrl: string;
  /** Where a new member sends the Interac e-Transfer of a first deposit. */
  eTransferEmail: string;
}

/** The outcomes an applicant is e-mailed about once they were shown the processing page. */
export type MailedOutcome = Exclude<DecisionOutcome, 'existingMember' | 'primaryComplete'>;

/** The templates and their parameters. */
export interface TemplateParams extends ResumeTemplateParams {
  /** The decision of an application whose applicant was shown the processing page. */
  decisionMade: {
    firstName: string;
    outcome: MailedOutcome;
    memberNumber: string | null;
    refNo: string;
    /** A new member's accounts and how each is funded (the primary applicant's welcome). */
    funding?: FundingLine[];
    /** ID in person: the post-office request, added when the e-mail is sent (absent if it could not be had). */
    inPerson?: InPersonInstructions;
  };
  /** Someone applied with an e-mail that already holds a membership (answered here, never on screen). */
  existingMember: { firstName: string; refNo: string };
  /** The co-applicant's invitation: the link with the joint code, and the last day it works. */
  jointInvitation: { firstName: string; inviterFirstName: string; link: string; expiresOn: string };
  /** The co-applicant's reminder, two days before the invitation ends. */
  jointReminder: { firstName: string; inviterFirstName: string; link: string; expiresOn: string };
  /** To the primary once the invitation ended: the link that goes on as a single application. */
  jointExpired: { firstName: string; link: string; refNo: string };
  /**
   * To the primary when the joint round ended in the co-applicant's own outcome (never its reason): go on
   * alone (with the link), wait for their own ID in person, or wait for the credit union's review.
   */
  /** The co-applicant's code that proves they hold the invited address ('Create your profile'). */
  jointEmailCode: { firstName: string; code: string; minutes: number };
  jointRoundEnded: {
    firstName: string;
    refNo: string;
    next: 'applyAlone' | 'inPerson' | 'review';
    link: string | null;
  };
  /** A new member's first deposit arrived (staff matched it by the member number). */
  depositReceived: { firstName: string; product: string; amount: string; memberNumber: string };
  /** A staff member refused the ID documents: their reason, and the way on (ID in person). */
  documentsRefused: { firstName: string; refNo: string; reason: string };
  /** A staff member asks the applicant for something: their message and a link back (resumeLink). */
  staffQuestion: { firstName: string; refNo: string; message: string; link: string; days: number };
}
export type TemplateName = keyof TemplateParams;

/** The in-person ID e-mail's instructions: the barcode (a Code 128 PNG, base64), its number, the last day. */
export interface InPersonInstructions {
  barcodePng: string;
  barcodeText: string;
  /** YYYY-MM-DD (inPersonIdShowBy). */
  showBy: string;
}

/** The content id of the barcode image attached to the in-person ID e-mail. */
export const BARCODE_CID = 'barcode@omo';

/** One opened account's first deposit: its name, method and amount (formatted, absent when later). */
export interface FundingLine {
  product: string;
  method: FundingMethod;
  amount: string | null;
}

/** How to fund each account: the e-Transfer's address and message, a branch, or later. */
function fundingParagraphs(p: TemplateParams['decisionMade'], b: Brand, language: Language): string[] {
  const member = p.memberNumber ?? '';
  return (p.funding ?? []).map(({ product, method, amount }) => {
    if (language === 'fr') {
      if (method === 'eTransfer')
        return `Pour approvisionner votre ${product}, envoyez un virement Interac de ${amount ?? ''} à ${b.eTransferEmail}, avec votre numéro de membre, ${member}, comme message.`;
      if (method === 'branch')
        return `Pour approvisionner votre ${product}, apportez un chèque ou de l'argent comptant de ${amount ?? ''} à l'une de nos succursales, avec votre numéro de membre.`;
      return `Approvisionnez votre ${product} quand vous le souhaitez : par virement Interac à ${b.eTransferEmail} avec votre numéro de membre comme message, ou dans l'une de nos succursales.`;
    }
    if (method === 'eTransfer')
      return `To fund your ${product}, send an Interac e-Transfer of ${amount ?? ''} to ${b.eTransferEmail}, with your member number, ${member}, as its message.`;
    if (method === 'branch')
      return `To fund your ${product}, bring a cheque or cash of ${amount ?? ''} to any of our branches, with your member number.`;
    return `Fund your ${product} when you are ready: by Interac e-Transfer to ${b.eTransferEmail} with your member number as its message, or at any of our branches.`;
  });
}

/** A file sent with an e-mail; an image with a cid is shown in the HTML part where `cid:` names it. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  cid: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
}

/** An image of the HTML part, after the paragraph at `after`; its text equivalent is in the paragraphs. */
interface InlineImage {
  after: number;
  alt: string;
  attachment: EmailAttachment;
}

/** Paragraphs (and one optional link) → both parts. */
function compose(
  subject: string,
  paragraphs: string[],
  brand: Brand,
  language: Language,
  image?: InlineImage,
): RenderedEmail {
  const signature =
    language === 'fr' ? `L’équipe ${frenchOf(brand.institutionName)}` : `The ${brand.institutionName} team`;
  const all = [...paragraphs, signature];
  const text = `${all.join('\n\n')}\n`;
  const linked = (p: string) =>
    escapeHtml(p).replace(/https?:\/\/[^\s<]+[^\s<.,;:)]/g, (url) => `<a href="${url}">${url}</a>`);
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a;">',
    ...all.flatMap((p, i) =>
      image && i === image.after
        ? [
            `<p>${linked(p)}</p>`,
            `<p><img src="cid:${image.attachment.cid}" alt="${escapeHtml(image.alt)}" style="display: block; max-width: 100%;"></p>`,
          ]
        : [`<p>${linked(p)}</p>`],
    ),
    '</body></html>',
  ].join('\n');
  return image ? { subject, text, html, attachments: [image.attachment] } : { subject, text, html };
}

type Rendered = { subject: string; paragraphs: string[]; image?: InlineImage };
type Renderer<T> = (params: T, brand: Brand) => Rendered;

/** Government photo IDs accepted in person, as the in-person page lists them. */
const PHOTO_IDS: Record<Language, string> = {
  en: "a driver's licence, a passport, a NEXUS card, a provincial or territorial photo ID card, a permanent resident card or a Certificate of Indian Status",
  fr: 'un permis de conduire, un passeport, une carte NEXUS, une carte d’identité provinciale ou territoriale avec photo, une carte de résident permanent ou un certificat de statut d’Indien',
};

/**
 * The in-person ID e-mail: the last day, both ways with what to bring, the reference and, when the
 * post-office request could be had, its barcode (an inline image) and number.
 */
function inPersonEmail(p: TemplateParams['decisionMade'], b: Brand, language: Language): Rendered {
  const fr = language === 'fr';
  const instructions = p.inPerson;
  const by = instructions ? longDayOf(instructions.showBy, language) : null;
  const paragraphs = fr
    ? [
        `Bonjour ${p.firstName},`,
        `Nous n’avons pas pu confirmer votre identité en ligne. Pour terminer l’ouverture de votre adhésion, présentez une pièce d’identité en personne${by ? ` au plus tard le ${by}` : ''}, dans l’une de nos succursales ou dans un bureau de poste participant.`,
        `Votre numéro de référence est le ${p.refNo}.`,
        ...(instructions
          ? [
              `Au bureau de poste, montrez ce code à barres, sur votre téléphone ou imprimé. Numéro de la demande : ${instructions.barcodeText}.`,
            ]
          : [
              `Pour aller au bureau de poste, appelez-nous au ${b.contactPhone} : nous vous donnerons le code à barres de votre demande.`,
            ]),
        `Apportez une pièce d’identité valide avec photo délivrée par un gouvernement : ${PHOTO_IDS.fr}. Si elle ne montre pas votre adresse actuelle, apportez aussi une preuve d’adresse : une facture de services publics, une police d’assurance, un relevé bancaire ou de carte de crédit, ou un bail.`,
        `Dans une succursale, appelez d’abord pour prendre rendez-vous et donnez votre numéro de référence.`,
        `Des questions? Appelez-nous au ${b.contactPhone}.`,
      ]
    : [
        `Hello ${p.firstName},`,
        `We could not confirm your identity online. To finish opening your membership, show your ID in person${by ? ` by ${by}` : ''}, at one of our branches or at a participating post office.`,
        `Your reference number is ${p.refNo}.`,
        ...(instructions
          ? [
              `At the post office, show this barcode, on your phone or printed. Request number: ${instructions.barcodeText}.`,
            ]
          : [
              `To go to a post office, call us at ${b.contactPhone}: we will give you the barcode of your request.`,
            ]),
        `Bring one valid government-issued photo ID: ${PHOTO_IDS.en}. If it does not show your current address, also bring a proof of address: a utility bill, an insurance policy, a bank or credit card statement, or a lease.`,
        `At a branch, call first to book an appointment and give your reference number.`,
        `Questions? Call us at ${b.contactPhone}.`,
      ];
  const image: InlineImage | undefined = instructions && {
    after: 3,
    alt: fr
      ? `Code à barres de votre demande de vérification d’identité, numéro ${instructions.barcodeText}`
      : `Barcode of your ID verification request, number ${instructions.barcodeText}`,
    attachment: {
      filename: `${instructions.barcodeText}.png`,
      contentType: 'image/png',
      content: instructions.barcodePng,
      cid: BARCODE_CID,
    },
  };
  return {
    subject: fr
      ? `${b.institutionName} : une dernière étape pour ouvrir votre adhésion`
      : `${b.institutionName}: one more step to open your membership`,
    paragraphs,
    ...(image ? { image } : {}),
  };
}

const DECISION_EN: Record<MailedOutcome, Renderer<TemplateParams['decisionMade']>> = {
  approved: (p, b) => ({
    subject: `Welcome to ${b.institutionName}`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `Your membership is open. Your member number is ${p.memberNumber ?? ''}.`,
      ...fundingParagraphs(p, b, 'en'),
      `Sign in to online banking or the mobile app with your member number and the password you chose: ${b.onlineBankingUrl}`,
      `Questions? Call us at ${b.contactPhone}.`,
    ],
  }),
  inPerson: (p, b) => inPersonEmail(p, b, 'en'),
  savingsOffer: (p, b) => ({
    subject: `${b.institutionName}: about your application`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `We are not able to open the account you asked for, but we can open a savings account for you. Call us at ${b.contactPhone} with your reference number ${p.refNo} to accept.`,
    ],
  }),
  declined: (p, b) => refusalEn(p, b),
  blocked: (p, b) => refusalEn(p, b),
  ageRefused: (p, b) => refusalEn(p, b),
  heldForReview: (p, b) => ({
    subject: `${b.institutionName}: about your application`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `Our team is reviewing your application (reference number ${p.refNo}). We will email you the result, usually within 24 hours.`,
      `Questions? Call us at ${b.contactPhone}.`,
    ],
  }),
  jointComplete: (p, b) => ({
    subject: `${b.institutionName}: your joint application`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `Both parts of the joint application are complete. The membership opens once the primary applicant's identity is confirmed in person at a branch or a post office (reference number ${p.refNo}).`,
      `Questions? Call us at ${b.contactPhone}.`,
    ],
  }),
  failed: (p, b) => ({
    subject: `${b.institutionName}: about your application`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `We could not complete your application. Call us at ${b.contactPhone} with your reference number, ${p.refNo}, and we will finish it with you.`,
    ],
  }),
};

function refusalEn(p: TemplateParams['decisionMade'], b: Brand) {
  return {
    subject: `${b.institutionName}: about your application`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `We are unable to open your account at this time. Your reference number is ${p.refNo}.`,
      `You can apply in a branch instead, where our staff look at your application with you: call us at ${b.contactPhone} to discuss other options, with your reference number.`,
    ],
  };
}

const EXISTING_EN: Renderer<TemplateParams['existingMember']> = (p, b) => ({
  subject: `${b.institutionName}: you are already a member`,
  paragraphs: [
    `Hello ${p.firstName},`,
    `An application for a membership was made with this email address (reference number ${p.refNo}). This address already belongs to a member, so no new membership was opened.`,
    `Sign in to online banking with your member number and password: ${b.onlineBankingUrl}`,
    `If you did not make this application, call us at ${b.contactPhone}.`,
  ],
});

const DECISION_FR: Record<MailedOutcome, Renderer<TemplateParams['decisionMade']>> = {
  approved: (p, b) => ({
    subject: `Bienvenue chez ${b.institutionName}`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Votre adhésion est ouverte. Votre numéro de membre est le ${p.memberNumber ?? ''}.`,
      ...fundingParagraphs(p, b, 'fr'),
      `Connectez-vous aux services bancaires en ligne ou à l'application mobile avec votre numéro de membre et le mot de passe que vous avez choisi : ${b.onlineBankingUrl}`,
      `Des questions? Appelez-nous au ${b.contactPhone}.`,
    ],
  }),
  inPerson: (p, b) => inPersonEmail(p, b, 'fr'),
  savingsOffer: (p, b) => ({
    subject: `${b.institutionName} : votre demande`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Nous ne pouvons pas ouvrir le compte demandé, mais nous pouvons vous ouvrir un compte d'épargne. Appelez-nous au ${b.contactPhone} avec votre numéro de référence ${p.refNo} pour l'accepter.`,
    ],
  }),
  declined: (p, b) => refusalFr(p, b),
  blocked: (p, b) => refusalFr(p, b),
  ageRefused: (p, b) => refusalFr(p, b),
  heldForReview: (p, b) => ({
    subject: `${b.institutionName} : votre demande`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Notre équipe examine votre demande (numéro de référence ${p.refNo}). Nous vous enverrons le résultat par courriel, habituellement dans les 24 heures.`,
      `Des questions? Appelez-nous au ${b.contactPhone}.`,
    ],
  }),
  jointComplete: (p, b) => ({
    subject: `${b.institutionName} : votre demande conjointe`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Les deux parties de la demande conjointe sont terminées. L’adhésion sera ouverte dès que l’identité du demandeur principal aura été confirmée en personne, dans une succursale ou un bureau de poste (numéro de référence ${p.refNo}).`,
      `Des questions? Appelez-nous au ${b.contactPhone}.`,
    ],
  }),
  failed: (p, b) => ({
    subject: `${b.institutionName} : votre demande`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Nous n’avons pas pu terminer votre demande. Appelez-nous au ${b.contactPhone} avec votre numéro de référence, ${p.refNo}, et nous la terminerons avec vous.`,
    ],
  }),
};

function refusalFr(p: TemplateParams['decisionMade'], b: Brand) {
  return {
    subject: `${b.institutionName} : votre demande`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Nous ne pouvons pas ouvrir votre compte pour le moment. Votre numéro de référence est le ${p.refNo}.`,
      `Vous pouvez plutôt faire une demande en succursale, où notre personnel examine votre demande avec vous : appelez-nous au ${b.contactPhone} pour discuter d’autres options, avec votre numéro de référence.`,
    ],
  };
}

const EXISTING_FR: Renderer<TemplateParams['existingMember']> = (p, b) => ({
  subject: `${b.institutionName} : vous êtes déjà membre`,
  paragraphs: [
    `Bonjour ${p.firstName},`,
    `Une demande d'adhésion a été faite avec cette adresse courriel (numéro de référence ${p.refNo}). Cette adresse appartient déjà à un membre : aucune nouvelle adhésion n'a été ouverte.`,
    `Connectez-vous aux services bancaires en ligne avec votre numéro de membre et votre mot de passe : ${b.onlineBankingUrl}`,
    `Si vous n'avez pas fait cette demande, appelez-nous au ${b.contactPhone}.`,
  ],
});

const JOINT: {
  [N in 'jointInvitation' | 'jointReminder' | 'jointExpired' | 'jointRoundEnded' | 'jointEmailCode']: Record<
    Language,
    Renderer<TemplateParams[N]>
  >;
} = {
  jointEmailCode: {
    en: (p, b) => ({
      subject: `${b.institutionName}: your code to start your joint application`,
      paragraphs: [
        `Hello ${p.firstName},`,
        `Your code is ${p.code}. Enter it on 'Create your profile' to show this invitation is yours. It works for ${p.minutes} minutes.`,
        `If you did not ask for this code, someone may have your invitation link: call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `${b.institutionName} : votre code pour commencer votre demande conjointe`,
      paragraphs: [
        `Bonjour ${p.firstName},`,
        `Votre code est ${p.code}. Entrez-le à l’étape « Créez votre profil » pour confirmer que cette invitation est la vôtre. Il est valide pendant ${p.minutes} minutes.`,
        `Si vous n’avez pas demandé ce code, quelqu’un a peut-être votre lien d’invitation : appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
  jointRoundEnded: {
    en: (p, b) => ({
      subject: `${b.institutionName}: news of your joint application`,
      paragraphs: [
        `Hello ${p.firstName},`,
        ...(p.next === 'applyAlone'
          ? [
              `Your co-applicant's part of the joint application (reference number ${p.refNo}) could not be completed online, so the joint membership cannot be opened.`,
              `You can open the membership in your name alone with this link, once, within 14 days. You will confirm with your password: ${p.link ?? ''}`,
            ]
          : p.next === 'inPerson'
            ? [
                `Your co-applicant has completed their part of the joint application (reference number ${p.refNo}). The membership opens once your identity is confirmed in person at a branch or a post office.`,
              ]
            : [
                `Your co-applicant has completed their part of the joint application (reference number ${p.refNo}). Our team is reviewing it; we will email you the result, usually within 24 hours.`,
              ]),
        `Questions? Call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `${b.institutionName} : des nouvelles de votre demande conjointe`,
      paragraphs: [
        `Bonjour ${p.firstName},`,
        ...(p.next === 'applyAlone'
          ? [
              `La partie de votre codemandeur (numéro de référence ${p.refNo}) n’a pas pu être remplie en ligne : l’adhésion conjointe ne peut pas être ouverte.`,
              `Vous pouvez ouvrir l’adhésion à votre seul nom avec ce lien, une seule fois, dans les 14 jours. Vous confirmerez avec votre mot de passe : ${p.link ?? ''}`,
            ]
          : p.next === 'inPerson'
            ? [
                `Votre codemandeur a rempli sa partie de la demande conjointe (numéro de référence ${p.refNo}). L’adhésion sera ouverte dès que votre identité aura été confirmée en personne, dans une succursale ou un bureau de poste.`,
              ]
            : [
                `Votre codemandeur a rempli sa partie de la demande conjointe (numéro de référence ${p.refNo}). Notre équipe l’examine; nous vous enverrons le résultat par courriel, habituellement dans les 24 heures.`,
              ]),
        `Des questions? Appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
  jointInvitation: {
    en: (p, b) => ({
      subject: `${p.inviterFirstName} invited you to open a joint membership at ${b.institutionName}`,
      paragraphs: [
        `Hello ${p.firstName},`,
        `${p.inviterFirstName} has applied for a joint membership with you at ${b.institutionName} and named you as co-applicant. To complete your part, open this link: ${p.link}`,
        `The link works until ${p.expiresOn}. It is yours alone: do not share it.`,
        `If you were not expecting this email, you can ignore it, or call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `${p.inviterFirstName} vous invite à ouvrir une adhésion conjointe chez ${b.institutionName}`,
      paragraphs: [
        `Bonjour ${p.firstName},`,
        `${p.inviterFirstName} a demandé une adhésion conjointe avec vous chez ${b.institutionName} et vous a nommé codemandeur. Pour remplir votre partie, ouvrez ce lien : ${p.link}`,
        `Le lien est valide jusqu’au ${p.expiresOn}. Il n’est qu’à vous : ne le partagez pas.`,
        `Si vous n’attendiez pas ce courriel, ignorez-le ou appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
  jointReminder: {
    en: (p, b) => ({
      subject: `Reminder: your joint application at ${b.institutionName} ends on ${p.expiresOn}`,
      paragraphs: [
        `Hello ${p.firstName},`,
        `${p.inviterFirstName} is waiting for you to complete your part of your joint application. The link works until ${p.expiresOn}: ${p.link}`,
        `Questions? Call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `Rappel : votre demande conjointe chez ${b.institutionName} prend fin le ${p.expiresOn}`,
      paragraphs: [
        `Bonjour ${p.firstName},`,
        `${p.inviterFirstName} attend que vous remplissiez votre partie de la demande conjointe. Le lien est valide jusqu’au ${p.expiresOn} : ${p.link}`,
        `Des questions? Appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
  jointExpired: {
    en: (p, b) => ({
      subject: `${b.institutionName}: your co-applicant did not complete the joint application`,
      paragraphs: [
        `Hello ${p.firstName},`,
        `Your co-applicant did not complete their part within 7 days, so the joint application (reference number ${p.refNo}) cannot go on.`,
        `You can open the membership in your name alone with this link, once. You will confirm with your password: ${p.link}`,
        `Questions? Call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `${b.institutionName} : votre codemandeur n’a pas terminé la demande conjointe`,
      paragraphs: [
        `Bonjour ${p.firstName},`,
        `Votre codemandeur n’a pas rempli sa partie dans les 7 jours : la demande conjointe (numéro de référence ${p.refNo}) ne peut pas se poursuivre.`,
        `Vous pouvez ouvrir l’adhésion à votre seul nom avec ce lien, une seule fois. Vous confirmerez avec votre mot de passe : ${p.link}`,
        `Des questions? Appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
};

const DOCUMENTS_REFUSED: Record<Language, Renderer<TemplateParams['documentsRefused']>> = {
  en: (p, b) => ({
    subject: `${b.institutionName}: about the ID you sent`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `We could not accept the ID documents of your application (reference number ${p.refNo}). Our reason: ${p.reason}`,
      `You can confirm your identity in person at a branch or a post office instead: we will email you how.`,
      `Questions? Call us at ${b.contactPhone}.`,
    ],
  }),
  fr: (p, b) => ({
    subject: `${b.institutionName} : au sujet des pièces d’identité envoyées`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Nous n’avons pas pu accepter les pièces d’identité de votre demande (numéro de référence ${p.refNo}). Notre motif : ${p.reason}`,
      `Vous pouvez plutôt confirmer votre identité en personne, dans une succursale ou un bureau de poste : nous vous dirons comment par courriel.`,
      `Des questions? Appelez-nous au ${b.contactPhone}.`,
    ],
  }),
};

const STAFF_QUESTION: Record<Language, Renderer<TemplateParams['staffQuestion']>> = {
  en: (p, b) => ({
    subject: `${b.institutionName}: we need something from you`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `To go on with your application (reference number ${p.refNo}), we need something from you:`,
      p.message,
      `Answer us through your application with this link. It works once, for ${p.days} days, and asks for a code we send you: ${p.link}`,
      `Questions? Call us at ${b.contactPhone}.`,
    ],
  }),
  fr: (p, b) => ({
    subject: `${b.institutionName} : nous avons besoin d’un renseignement`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Pour poursuivre votre demande (numéro de référence ${p.refNo}), nous avons besoin de ceci :`,
      p.message,
      `Répondez-nous dans votre demande avec ce lien. Il fonctionne une fois, pendant ${p.days} jours, et demande un code que nous vous envoyons : ${p.link}`,
      `Des questions? Appelez-nous au ${b.contactPhone}.`,
    ],
  }),
};

const DEPOSIT_RECEIVED: Record<Language, Renderer<TemplateParams['depositReceived']>> = {
  en: (p, b) => ({
    subject: `${b.institutionName}: your first deposit arrived`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `Your first deposit of ${p.amount} arrived in your ${p.product} (member number ${p.memberNumber}).`,
      `See your balance in online banking or the mobile app: ${b.onlineBankingUrl}`,
      `Questions? Call us at ${b.contactPhone}.`,
    ],
  }),
  fr: (p, b) => ({
    subject: `${b.institutionName} : votre premier dépôt est arrivé`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Votre premier dépôt de ${p.amount} est arrivé dans votre ${p.product} (numéro de membre ${p.memberNumber}).`,
      `Consultez votre solde dans les services bancaires en ligne ou l’application mobile : ${b.onlineBankingUrl}`,
      `Des questions? Appelez-nous au ${b.contactPhone}.`,
    ],
  }),
};

/**
 * Renders an e-mail in the applicant's language.
 * @param name the template
 * @param language 'en' or 'fr'
 */
export function renderEmail<N extends TemplateName>(
  name: N,
  language: Language,
  params: TemplateParams[N],
  brand: Brand,
): RenderedEmail {
  let rendered: Rendered;
  if (name === 'decisionMade') {
    const p = params as TemplateParams['decisionMade'];
    rendered = (language === 'fr' ? DECISION_FR : DECISION_EN)[p.outcome](p, brand);
  } else if (name === 'existingMember') {
    const p = params as TemplateParams['existingMember'];
    rendered = (language === 'fr' ? EXISTING_FR : EXISTING_EN)(p, brand);
  } else if (name === 'documentsRefused') {
    rendered = DOCUMENTS_REFUSED[language](params as TemplateParams['documentsRefused'], brand);
  } else if (name === 'staffQuestion') {
    rendered = STAFF_QUESTION[language](params as TemplateParams['staffQuestion'], brand);
  } else if (name === 'depositReceived') {
    rendered = DEPOSIT_RECEIVED[language](params as TemplateParams['depositReceived'], brand);
  } else {
    const renderers = { ...JOINT, ...RESUME_TEMPLATES };
    const renderer = renderers[name as keyof typeof renderers][language] as Renderer<TemplateParams[N]>;
    rendered = renderer(params, brand);
  }
  return compose(rendered.subject, rendered.paragraphs, brand, language, rendered.image);
}
