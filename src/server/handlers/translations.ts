import { created, deleted, noContent, ok, pageOf, type Handlers, type WithParams } from '../handler.js';
import { list } from '../present.js';
import * as present from '../present-translations.js';

const org = (ctx: WithParams<'organizationId'>) => ctx.params.organizationId;
const args = (ctx: WithParams<'organizationId' | 'translationId'>) => [ctx.caller, org(ctx), ctx.params.translationId] as const;

/** Translations run as jobs: creating one and `runTranslation` queue a run and start the job runner. */
export const translationHandlers: Handlers = {
  listTranslations: async (ctx) =>
    ok(list(await ctx.domain.translations.list(ctx.caller, org(ctx), pageOf(ctx.query)), (v) => present.translation(ctx.urls, v))),

  createTranslation: async (ctx) => {
    const view = await ctx.domain.translations.create(ctx.caller, org(ctx), ctx.body);
    void ctx.domain.jobs.runDue();
    return created(present.translation(ctx.urls, view), present.translationLocation(ctx.urls, org(ctx), view.translation.id));
  },

  getTranslation: async (ctx) => ok(present.translation(ctx.urls, await ctx.domain.translations.get(...args(ctx)))),

  updateTranslation: async (ctx) => {
    const { instructions } = ctx.body;
    return ok(present.translation(ctx.urls, await ctx.domain.translations.update(...args(ctx), instructions)));
  },

  deleteTranslation: async (ctx) => deleted(await ctx.domain.translations.delete(...args(ctx))),

  runTranslation: async (ctx) => {
    await ctx.domain.translations.requestRun(...args(ctx));
    void ctx.domain.jobs.runDue();
    return noContent();
  },

  listGlossaryEntries: async (ctx) =>
    ok(list(await ctx.domain.translations.glossary.list(ctx.caller, org(ctx), pageOf(ctx.query)), (e) => present.glossaryEntry(ctx.urls, e))),

  updateGlossaryEntries: async (ctx) => {
    await ctx.domain.translations.glossary.update(ctx.caller, org(ctx), ctx.body.operations);
    return noContent();
  },

  getGlossaryEntry: async (ctx) =>
    ok(present.glossaryEntry(ctx.urls, await ctx.domain.translations.glossary.get(ctx.caller, org(ctx), ctx.params.glossaryEntryId))),
};
