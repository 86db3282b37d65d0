/**
 * GET /api/omo/MembershipTerms?lang=en|fr: the membership terms as a PDF in the chosen language, generated
 * from the domain's text with the configured institution name and phone. The same for everyone (no
 * applicant data), so it may be cached; it is rendered once per language and kept.
 */
import {
  APPLICATION_API_PATHS,
  languageSchema,
  membershipTermsOf,
  problemDetailsSchema,
  type Language,
} from '@omo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { renderTermsPdf } from './pdf.ts';

const termsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const rendered = new Map<string, Promise<Buffer>>();
  const pdfOf = (lang: Language) => {
    let pdf = rendered.get(lang);
    if (!pdf) {
      pdf = renderTermsPdf(
        membershipTermsOf(lang, { institution: config.institutionName, phone: config.contactPhone }),
        lang,
      );
      // A failed render is tried again on the next request.
      pdf.catch(() => rendered.delete(lang));
      rendered.set(lang, pdf);
    }
    return pdf;
  };

  app.get(
    APPLICATION_API_PATHS.membershipTerms,
    {
      schema: {
        tags: ['terms'],
        summary: 'The membership terms as a PDF, in English or French',
        querystring: z.object({ lang: languageSchema.default('en') }),
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('application/pdf'),
          400: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const pdf = await pdfOf(lang);
      const name = lang === 'fr' ? 'conditions-adhesion.pdf' : 'membership-terms.pdf';
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-language', lang === 'fr' ? 'fr-CA' : 'en-CA')
        .header('cache-control', 'public, max-age=3600')
        .send(pdf);
    },
  );
};

export default termsRoutes;
