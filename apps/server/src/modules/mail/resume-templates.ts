/**
 * The e-mails of coming back later (decision 0068), in English and French: the link to the draft, the
 * code the link's page sends when the phone was not verified, the reminders (only to applicants who asked
 * for them, each with its one-click unsubscribe link), and the notice, once, that the draft will be deleted.
 */
import type { Language } from '@omo/domain';
import type { Brand } from './templates.ts';

export interface ResumeTemplateParams {
  /** The link to the draft: single use, working `days` days. */
  resumeLink: { firstName: string; link: string; days: number };
  /** The code that opens the draft, when no verified phone can receive it. */
  resumeCode: { firstName: string; code: string; minutes: number };
  /** A reminder to finish: a fresh link, and the unsubscribe link. */
  resumeReminder: { firstName: string; link: string; unsubscribe: string; days: number };
  /** The draft will be deleted on `endsOn`: a fresh link, and the unsubscribe link. */
  draftEnding: { firstName: string; link: string; unsubscribe: string; endsOn: string };
}

type Rendered = { subject: string; paragraphs: string[] };
type Renderers = {
  [N in keyof ResumeTemplateParams]: Record<Language, (p: ResumeTemplateParams[N], b: Brand) => Rendered>;
};

const hello = (language: Language, firstName: string) =>
  language === 'fr' ? `Bonjour ${firstName},`.replace(' ,', ',') : `Hello ${firstName},`.replace(' ,', ',');

export const RESUME_TEMPLATES: Renderers = {
  resumeLink: {
    en: (p, b) => ({
      subject: `${b.institutionName}: the link to your application`,
      paragraphs: [
        hello('en', p.firstName),
        `Here is the link to come back to your membership application, where you left it: ${p.link}`,
        `It works once, for ${p.days} days. When you open it, we will send you a code to confirm it is you.`,
        `If you did not ask for this link, you can ignore this email, or call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `${b.institutionName} : le lien vers votre demande`,
      paragraphs: [
        hello('fr', p.firstName),
        `Voici le lien pour revenir à votre demande d’adhésion, là où vous l’avez laissée : ${p.link}`,
        `Il fonctionne une seule fois, pendant ${p.days} jours. À son ouverture, nous vous enverrons un code pour confirmer que c’est bien vous.`,
        `Si vous n’avez pas demandé ce lien, ignorez ce courriel ou appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
  resumeCode: {
    en: (p, b) => ({
      subject: `${b.institutionName}: your code`,
      paragraphs: [
        hello('en', p.firstName),
        `Your code is ${p.code}. It works for ${p.minutes} minutes.`,
        `If you did not open a link to your application, call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `${b.institutionName} : votre code`,
      paragraphs: [
        hello('fr', p.firstName),
        `Votre code est ${p.code}. Il est valide pendant ${p.minutes} minutes.`,
        `Si vous n’avez pas ouvert de lien vers votre demande, appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
  resumeReminder: {
    en: (p, b) => ({
      subject: `${b.institutionName}: your application is waiting for you`,
      paragraphs: [
        hello('en', p.firstName),
        `You started a membership application and asked us to remind you. Everything you entered is kept: continue where you left off with this link (it works once, for ${p.days} days): ${p.link}`,
        `You asked for these reminders. To stop them, open this link: ${p.unsubscribe}`,
        `Questions? Call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `${b.institutionName} : votre demande vous attend`,
      paragraphs: [
        hello('fr', p.firstName),
        `Vous avez commencé une demande d’adhésion et nous avez demandé de vous la rappeler. Tout ce que vous avez saisi est conservé : reprenez là où vous en étiez avec ce lien (il fonctionne une seule fois, pendant ${p.days} jours) : ${p.link}`,
        `Vous avez demandé ces rappels. Pour ne plus les recevoir, ouvrez ce lien : ${p.unsubscribe}`,
        `Des questions? Appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
  draftEnding: {
    en: (p, b) => ({
      subject: `${b.institutionName}: your application will be deleted on ${p.endsOn}`,
      paragraphs: [
        hello('en', p.firstName),
        `Your unfinished membership application will be deleted on ${p.endsOn}, with everything you entered. To finish it before then, open this link: ${p.link}`,
        `This is the last reminder. To stop reminders, open this link: ${p.unsubscribe}`,
        `Questions? Call us at ${b.contactPhone}.`,
      ],
    }),
    fr: (p, b) => ({
      subject: `${b.institutionName} : votre demande sera supprimée le ${p.endsOn}`,
      paragraphs: [
        hello('fr', p.firstName),
        `Votre demande d’adhésion inachevée sera supprimée le ${p.endsOn}, avec tout ce que vous avez saisi. Pour la terminer d’ici là, ouvrez ce lien : ${p.link}`,
        `Ceci est le dernier rappel. Pour ne plus recevoir de rappels, ouvrez ce lien : ${p.unsubscribe}`,
        `Des questions? Appelez-nous au ${b.contactPhone}.`,
      ],
    }),
  },
};
