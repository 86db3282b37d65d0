/**
 * Every validation and error message of omo, in English (the spec's exact wording, typos included) and in
 * Canadian French. Form schemas use the keys as their issue `message`; the browser translates them with
 * `formatMessage`, the server returns key and English text in problem details.
 * `{phone}` is the contact-centre phone; `{name}` is a parameter name in the API-client message.
 */
import type { Language, MessageParams } from './messages.types.ts';

export type { Language, MessageParams } from './messages.types.ts';

/**
 * English messages: the wording of spec 000 §5/§8 and spec 001 §5/§8, unchanged but for one spelling:
 * 'member' in lower case, as everywhere else in omo (docs/decisions/0020-one-spelling-per-term.md).
 */
export const MESSAGES_EN = {
  // Create profile (spec 000 §5, spec 001 §5)
  'email.required': 'Enter your email address',
  'email.invalid': 'Email address must be a valid address',
  'email.max': 'Email address exceeds maximum characters',
  'password.required': 'Enter a password',
  'password.min': 'Password must have at least 8 characters',
  'password.max': 'Password must have no more than 12 characters',
  'password.criteria': 'Password must match criteria',
  'password.checklist.lowerCase': 'One lower case letter',
  'password.checklist.upperCase': 'One upper case letter',
  'password.checklist.number': 'One number',
  'password.checklist.length': '8 to 12 characters',
  'password.checklist.noSymbols': 'None of these symbols: < > , /',
  'promoCode.max': 'Promo code exceeds maximum characters',
  // Not in the spec: any text field holding a NUL, a control character (passwords) or a broken character.
  'text.unsupportedCharacters': 'Remove the characters that cannot be accepted',
  'text.max': 'Text exceeds maximum characters',
  'referralCode.max': 'Referral code exceeds maximum characters',
  'referralCode.prefix': 'Referral code must begin with RF',
  // Not in the spec: the co-applicant's profile and the primary going on alone.
  'email.notInvited': 'Use the email address your invitation was sent to',
  'password.jointStarted':
    'This invitation was already used to start an application. Enter the password chosen then to continue.',
  'password.wrong': 'This password does not match your application. Try again.',
  'emailCode.required': 'Enter the 6-digit code we emailed you',
  'emailCode.invalid': 'Invalid code, please try again',
  'emailCode.expired': 'This code no longer works. Send a new code.',
  'emailCode.tooMany':
    'Too many codes were sent for this invitation. Call us at {phone} and we will help you start.',
  'resumeCode.required': 'Enter the 6-digit code we sent you',
  'resumeCode.invalid': 'Invalid code, please try again',
  'resumeCode.expired': 'This code no longer works. Open the link again to get a new code.',

  // Names
  'name.first.required': 'Enter your first name',
  'name.last.required': 'Enter your last name',
  'name.max': 'Name exceeds maximum characters',
  'name.first.invalid': 'Please enter valid first name',
  'name.last.invalid': 'Please enter valid last name',
  'name.invalid': 'Please enter valid name',

  // Date of birth and age
  // Two or more parts of the date missing: one message for the date (the spec's day message).
  'dob.required': 'Enter your date of birth',
  'dob.month.required': 'Enter your month of birth',
  'dob.day.required': 'Enter your date of birth',
  'dob.day.invalid': 'Please enter correct day',
  'dob.year.required': 'Enter your year of birth',
  'dob.year.invalid': 'Please enter correct year',
  'dob.invalid': 'Please enter a valid date of birth',
  'date.invalid': 'Please enter a valid date.',
  'age.student':
    'You must be between 18 and 25 to open a Student Chequing Account... Please call us at {phone} to discuss other options.',
  'age.senior':
    'You must be 60 or older to open a Senior account. Call us at {phone} to discuss other options.',
  'age.rrsp': 'You must be under 71 to open an RRSP. Call us at {phone} to discuss other options.',
  'age.fhsa':
    'You must be under 71 to open a First Home Savings Account. Call us at {phone} to discuss other options.',
  'age.majority':
    'You must have reached the age of majority in your province or territory of residence to become a member online. Call us at {phone} to discuss other options.',
  'age.max': 'You are unable to open a membership. Please call us at {phone}.',

  // Phone and phone verification
  'phone.invalid': 'Enter a valid phone number',
  'phone.type.required': 'Select a phone type',
  'phone.required': 'Please enter phone number',
  'phone.verify.sendFailed': 'Something went wrong when sending the verification code',
  'phone.verify.invalidCode': 'Invalid code, please try again',
  'phone.verify.success': 'Your mobile phone has been successfully verified!',
  'phone.verify.sent': 'Code sent to phone number ending in',
  'code.invalid': 'Enter the 6-digit code',

  // Sweep
  'sweep.required': 'Please enter amount',
  'sweep.min': 'Please enter an amount great than $1.',
  'sweep.decimals': 'Please enter correct amount',
  // Funding (ours: the spec has no funding step)
  'funding.method.required': 'Select how you will fund this account',
  'funding.amount.required': 'Enter the amount of your first deposit',
  'funding.amount.invalid': 'Enter the amount in dollars and cents, like 150.00',
  'funding.amount.min': 'The amount must be at least the minimum opening deposit',
  'funding.amount.max': 'The amount must be no more than this year’s contribution limit',

  // Yes/no questions (spec 001 §5, also used for sweep and joint choices)
  'choice.required': 'Choose an option that applies to you',

  // Joint applicant (personal info, spec 000 §5; review, spec 001 §5)
  'joint.firstName.required': "Enter co-applicant's first name",
  'joint.lastName.required': "Enter co-applicant's last name",
  'joint.email.required': 'Email address cannot be empty',
  'joint.email.sameAsPrimary':
    'The Email Address of the Joint Applicant cannot be the same as the Primary Applicant',
  'joint.name.invalid': 'Enter valid name',
  'joint.email.invalid': 'Enter valid email',

  // Address
  'address.streetNumber.required': 'Enter your street number',
  'address.streetNumber.invalid': 'Please enter a valid street number',
  'address.unitNumber.invalid':
    'Please enter a valid unit number. Only letters, numbers and _-.# are accepted',
  'address.streetName.required': 'Enter your street name',
  'address.streetName.invalid': 'Please enter a valid street name',
  'address.city.required': 'Enter your city name',
  'address.city.invalid': 'Please enter a valid city name',
  'address.province.required': 'Select your province name',
  'address.state.required': 'Select your state name',
  'address.postalCode.required': 'Enter your postal code',
  'address.zipCode.required': 'Enter your zip code',
  'address.postalCode.invalid': 'Enter a valid postal code',
  'address.zipCode.invalid': 'Enter a valid zip code',
  'address.postalCode.provinceMismatch': 'The postal code does not match the province',
  'address.country.required': 'Select your country name',
  'address.country.notCanada':
    'You must be a resident of Canada to become a member online. Please call us at {phone} to find out what other options are available for you.',
  'address.search.required': 'Enter your address',
  'address.mailingSearch.required': 'Enter your mailing address',
  'address.selection.required': 'You must select an address from the list of options',
  // Review-page variants (spec 001 §5)
  'address.review.streetName.required': 'Enter your street Name',
  'address.review.streetNumber.invalid': 'Enter a valid street number',
  'address.review.streetName.invalid': 'Enter a valid street name',
  'address.review.city.invalid': 'Enter a valid city name',
  'address.review.country.invalid': 'Select a valid country',
  'address.review.province.required': 'Select your province',

  // Account usage questionnaire and term choice
  'usage.answerEach': 'Provide an answer for each category',
  'usage.atLeastOne': 'Please indicate at least one type of deposit',
  'term.length.required': 'Select your length and term',
  'term.renewal.required': 'Select a renewal option',

  // Legal terms and compliance (spec 001 §5)
  'legal.natureOfBanking.required': 'Select your intended relationship',
  'legal.purpose.required': 'Select a purpose for this account',
  'legal.purpose.fhsa': 'The purpose of a First Home Savings Account is Savings - Home/Asset Purchase',
  'legal.otherPurpose.required': 'Other purpose cannot be empty',
  'legal.residency.atLeastOne': "At least one of the residency must be 'Yes'.",
  'legal.residentOrEmployed': 'You must be a Canadian Resident or be employed in Canada',
  'legal.tin.required': 'TIN is required',
  'legal.usTin.invalid': 'Enter a valid TIN. The format for TIN should be ###-##-####.',
  'legal.otherTin.invalid': 'Enter a valid TIN',
  'legal.taxCountry.required': 'Select your country of tax residency',
  'legal.taxCountry.notCanadaUs': 'Select a country other than Canada or the United States',
  'legal.pep.type.required': 'Select who is the politically exposed person',
  'legal.pep.position.required': 'Select position or office held',
  'legal.pep.country.required': 'Select country of Position or Office Held',
  'legal.occupation.prompt': 'Search for your occupation',
  'legal.occupation.required': 'Select your occupation',
  'sin.invalid': 'Enter a valid SIN',
  'idTerms.consent.required': 'Tick the box to agree to the digital ID verification',
  'identityConsent.consent.required': 'Tick the box to agree to the identity check',
  'terms.accept.required': 'Tick the box to accept the Terms and Conditions',
  'terms.fhsa.required': 'Tick the box to confirm the FHSA declaration',
  'document.image.type': 'Choose a photo in JPEG, PNG, WebP or HEIC format',
  'document.image.size': 'Choose a photo smaller than 10 MB',
  'document.image.required': 'Add a photo',

  // Errors (spec 000 §8, spec 001 §8)
  'api.nullParameter': "The parameter '{name}' cannot be null.",
  'api.tooManyRequests': 'Too many requests. Wait a minute, then try again.',
  'error.internalServer': 'Internal Server Error',
  'error.unexpectedServer': 'An unexpected server error occurred.',
  'error.notFound': 'Not Found',
  'error.unexpectedApplication': 'Unexpected Application Error!',
  'error.productsLoad': 'Error loading products',
} as const satisfies Record<string, string>;

/** Key of a message of omo. */
export type MessageKey = keyof typeof MESSAGES_EN;

/** Canadian French messages, same keys as MESSAGES_EN. */
export const MESSAGES_FR: Record<MessageKey, string> = {
  'email.required': 'Entrez votre adresse courriel',
  'email.invalid': 'L’adresse courriel doit être une adresse valide',
  'email.max': 'L’adresse courriel dépasse le nombre maximal de caractères',
  'password.required': 'Entrez un mot de passe',
  'password.min': 'Le mot de passe doit comporter au moins 8 caractères',
  'password.max': 'Le mot de passe ne doit pas comporter plus de 12 caractères',
  'password.criteria': 'Le mot de passe doit respecter les critères',
  'password.checklist.lowerCase': 'Une lettre minuscule',
  'password.checklist.upperCase': 'Une lettre majuscule',
  'password.checklist.number': 'Un chiffre',
  'password.checklist.length': 'De 8 à 12 caractères',
  'password.checklist.noSymbols': 'Aucun de ces symboles : < > , /',
  'promoCode.max': 'Le code promotionnel dépasse le nombre maximal de caractères',
  'text.unsupportedCharacters': 'Retirez les caractères qui ne peuvent pas être acceptés',
  'text.max': 'Le texte dépasse le nombre maximal de caractères',
  'referralCode.max': 'Le code de recommandation dépasse le nombre maximal de caractères',
  'referralCode.prefix': 'Le code de recommandation doit commencer par RF',
  'email.notInvited': 'Utilisez l’adresse courriel à laquelle votre invitation a été envoyée',
  'password.jointStarted':
    'Cette invitation a déjà servi à commencer une demande. Entrez le mot de passe choisi alors pour continuer.',
  'password.wrong': 'Ce mot de passe ne correspond pas à votre demande. Réessayez.',
  'emailCode.required': 'Entrez le code à 6 chiffres que nous vous avons envoyé par courriel',
  'emailCode.invalid': 'Code invalide, veuillez réessayer',
  'emailCode.expired': 'Ce code n’est plus valide. Envoyez un nouveau code.',
  'emailCode.tooMany':
    'Trop de codes ont été envoyés pour cette invitation. Appelez-nous au {phone} : nous vous aiderons à commencer.',
  'resumeCode.required': 'Entrez le code à 6 chiffres que nous vous avons envoyé',
  'resumeCode.invalid': 'Code invalide, veuillez réessayer',
  'resumeCode.expired': 'Ce code n’est plus valide. Ouvrez le lien de nouveau pour recevoir un nouveau code.',

  'name.first.required': 'Entrez votre prénom',
  'name.last.required': 'Entrez votre nom de famille',
  'name.max': 'Le nom dépasse le nombre maximal de caractères',
  'name.first.invalid': 'Veuillez entrer un prénom valide',
  'name.last.invalid': 'Veuillez entrer un nom de famille valide',
  'name.invalid': 'Veuillez entrer un nom valide',

  'dob.required': 'Entrez votre date de naissance',
  'dob.month.required': 'Entrez votre mois de naissance',
  'dob.day.required': 'Entrez votre jour de naissance',
  'dob.day.invalid': 'Veuillez entrer un jour valide',
  'dob.year.required': 'Entrez votre année de naissance',
  'dob.year.invalid': 'Veuillez entrer une année valide',
  'dob.invalid': 'Veuillez entrer une date de naissance valide',
  'date.invalid': 'Veuillez entrer une date valide.',
  'age.student':
    'Vous devez avoir entre 18 et 25 ans pour ouvrir un compte-chèques Étudiant. Appelez-nous au {phone} pour discuter d’autres options.',
  'age.senior':
    'Vous devez avoir 60 ans ou plus pour ouvrir un compte Aînés. Appelez-nous au {phone} pour discuter d’autres options.',
  'age.rrsp':
    'Vous devez avoir moins de 71 ans pour ouvrir un REER. Appelez-nous au {phone} pour discuter d’autres options.',
  'age.fhsa':
    'Vous devez avoir moins de 71 ans pour ouvrir un compte d’épargne libre d’impôt pour l’achat d’une première propriété (CELIAPP). Appelez-nous au {phone} pour discuter d’autres options.',
  'age.majority':
    'Vous devez avoir atteint l’âge de la majorité dans votre province ou territoire de résidence pour devenir membre en ligne. Appelez-nous au {phone} pour discuter d’autres options.',
  'age.max': 'Vous ne pouvez pas ouvrir une adhésion. Veuillez nous appeler au {phone}.',

  'phone.invalid': 'Entrez un numéro de téléphone valide',
  'phone.type.required': 'Sélectionnez un type de téléphone',
  'phone.required': 'Veuillez entrer un numéro de téléphone',
  'phone.verify.sendFailed': 'Une erreur s’est produite lors de l’envoi du code de vérification',
  'phone.verify.invalidCode': 'Code invalide, veuillez réessayer',
  'phone.verify.success': 'Votre téléphone cellulaire a bien été vérifié!',
  'phone.verify.sent': 'Code envoyé au numéro de téléphone se terminant par',
  'code.invalid': 'Entrez le code à 6 chiffres',

  'sweep.required': 'Veuillez entrer un montant',
  'sweep.min': 'Veuillez entrer un montant supérieur à 1 $.',
  'sweep.decimals': 'Veuillez entrer un montant valide',
  'funding.method.required': 'Choisissez comment vous approvisionnerez ce compte',
  'funding.amount.required': 'Entrez le montant de votre premier dépôt',
  'funding.amount.invalid': 'Entrez le montant en dollars et en cents, par exemple 150,00',
  'funding.amount.min': 'Le montant doit être d’au moins le dépôt d’ouverture minimal',
  'funding.amount.max': 'Le montant ne doit pas dépasser le plafond de cotisation de l’année',

  'choice.required': 'Choisissez l’option qui s’applique à vous',

  'joint.firstName.required': 'Entrez le prénom du codemandeur',
  'joint.lastName.required': 'Entrez le nom de famille du codemandeur',
  'joint.email.required': 'L’adresse courriel ne peut pas être vide',
  'joint.email.sameAsPrimary':
    'L’adresse courriel du codemandeur ne peut pas être la même que celle du demandeur principal',
  'joint.name.invalid': 'Entrez un nom valide',
  'joint.email.invalid': 'Entrez une adresse courriel valide',

  'address.streetNumber.required': 'Entrez votre numéro civique',
  'address.streetNumber.invalid': 'Veuillez entrer un numéro civique valide',
  'address.unitNumber.invalid':
    'Veuillez entrer un numéro d’appartement valide. Seuls les lettres, les chiffres et _-.# sont acceptés',
  'address.streetName.required': 'Entrez le nom de votre rue',
  'address.streetName.invalid': 'Veuillez entrer un nom de rue valide',
  'address.city.required': 'Entrez le nom de votre ville',
  'address.city.invalid': 'Veuillez entrer un nom de ville valide',
  'address.province.required': 'Sélectionnez votre province',
  'address.state.required': 'Sélectionnez votre État',
  'address.postalCode.required': 'Entrez votre code postal',
  'address.zipCode.required': 'Entrez votre code ZIP',
  'address.postalCode.invalid': 'Entrez un code postal valide',
  'address.zipCode.invalid': 'Entrez un code ZIP valide',
  'address.postalCode.provinceMismatch': 'Le code postal ne correspond pas à la province',
  'address.country.required': 'Sélectionnez votre pays',
  'address.country.notCanada':
    'Vous devez résider au Canada pour devenir membre en ligne. Veuillez nous appeler au {phone} pour connaître les autres options qui s’offrent à vous.',
  'address.search.required': 'Entrez votre adresse',
  'address.mailingSearch.required': 'Entrez votre adresse postale',
  'address.selection.required': 'Vous devez sélectionner une adresse dans la liste des options',
  'address.review.streetName.required': 'Entrez le nom de votre rue',
  'address.review.streetNumber.invalid': 'Entrez un numéro civique valide',
  'address.review.streetName.invalid': 'Entrez un nom de rue valide',
  'address.review.city.invalid': 'Entrez un nom de ville valide',
  'address.review.country.invalid': 'Sélectionnez un pays valide',
  'address.review.province.required': 'Sélectionnez votre province',

  'usage.answerEach': 'Fournissez une réponse pour chaque catégorie',
  'usage.atLeastOne': 'Veuillez indiquer au moins un type de dépôt',
  'term.length.required': 'Sélectionnez la durée',
  'term.renewal.required': 'Sélectionnez une option de renouvellement',

  'legal.natureOfBanking.required': 'Sélectionnez la relation envisagée',
  'legal.purpose.required': 'Sélectionnez un objectif pour ce compte',
  'legal.purpose.fhsa':
    'L’objectif d’un compte d’épargne libre d’impôt pour l’achat d’une première propriété est Épargne - Achat d’une maison ou d’un bien',
  'legal.otherPurpose.required': 'L’autre objectif ne peut pas être vide',
  'legal.residency.atLeastOne': 'Au moins une des réponses sur la résidence doit être « Oui ».',
  'legal.residentOrEmployed': 'Vous devez être résident canadien ou occuper un emploi au Canada',
  'legal.tin.required': 'Le NIF est obligatoire',
  'legal.usTin.invalid': 'Entrez un NIF valide. Le NIF doit être au format ###-##-####.',
  'legal.otherTin.invalid': 'Entrez un NIF valide',
  'legal.taxCountry.required': 'Sélectionnez votre pays de résidence fiscale',
  'legal.taxCountry.notCanadaUs': 'Sélectionnez un pays autre que le Canada ou les États-Unis',
  'legal.pep.type.required': 'Sélectionnez la personne politiquement vulnérable',
  'legal.pep.position.required': 'Sélectionnez le poste ou la charge occupée',
  'legal.pep.country.required': 'Sélectionnez le pays du poste ou de la charge occupée',
  'legal.occupation.prompt': 'Recherchez votre profession',
  'legal.occupation.required': 'Sélectionnez votre profession',
  'sin.invalid': 'Entrez un NAS valide',
  'idTerms.consent.required': 'Cochez la case pour accepter la vérification numérique de l’identité',
  'identityConsent.consent.required': 'Cochez la case pour accepter la vérification de l’identité',
  'terms.accept.required': 'Cochez la case pour accepter les conditions générales',
  'terms.fhsa.required': 'Cochez la case pour confirmer la déclaration relative au CELIAPP',
  'document.image.type': 'Choisissez une photo au format JPEG, PNG, WebP ou HEIC',
  'document.image.size': 'Choisissez une photo de moins de 10 Mo',
  'document.image.required': 'Ajoutez une photo',

  'api.nullParameter': 'Le paramètre « {name} » ne peut pas être nul.',
  'api.tooManyRequests': 'Trop de demandes. Attendez une minute, puis réessayez.',
  'error.internalServer': 'Erreur interne du serveur',
  'error.unexpectedServer': 'Une erreur inattendue s’est produite sur le serveur.',
  'error.notFound': 'Introuvable',
  'error.unexpectedApplication': 'Erreur inattendue de l’application!',
  'error.productsLoad': 'Erreur lors du chargement des produits',
};

const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en: MESSAGES_EN, fr: MESSAGES_FR };

/** True when `s` is a key of the message catalogue. */
export function isMessageKey(s: unknown): s is MessageKey {
  return typeof s === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES_EN, s);
}

/**
 * The text of a message in a language, with `{param}` placeholders filled from `params`.
 * An unknown key is returned unchanged (so already-translated or free text passes through); a placeholder
 * without a value is left as `{name}`.
 */
export function formatMessage(key: MessageKey | string, lang: Language, params?: MessageParams): string {
  if (!isMessageKey(key)) return key;
  const template = CATALOGUES[lang][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params?.[name];
    return value === undefined ? whole : String(value);
  });
}
