/** `sites:` of docs.config.yaml, reconciled with the store after a config sync. */
import type { SiteConfig } from '../config/index.js';
import { mergeSettings, reconcileSite, type ReconcileReport, type SiteDeclaration, type SiteSpaceDeclaration } from '../domain/sites/reconcile.js';
import { DEFAULT_CUSTOMIZATION } from '../domain/sites/sites.js';
import { auditSites } from './audit.js';
import type { Runtime } from './runtime.js';
import { UsageError } from './util.js';

export async function reconcileSites(runtime: Runtime): Promise<ReconcileReport[]> {
  const { domain, boot, store, config, caller } = runtime;
  // Ajv and the spec load only when a site declares a customization to check.
  const check = config.sites.some((site) => site.customization) ? await customizationChecker() : () => undefined;
  const organizations = new Map<string, string>();
  const reports = await Promise.all(
    config.sites.map(async (site, i) => {
      const where = `sites[${i}] (${site.title})`;
      const org = site.organization ? boot.organizations.find((o) => o.title === site.organization || o.id === site.organization) : boot.organizations[0];
      if (!org) throw new UsageError(`${where}.organization: no organization "${site.organization}" in the config`);
      if (site.customization) check(site.customization, `${where}.customization`);
      const spaces = (await store.content.spacesIn(org.id)).filter((s) => !s.deletedAt);
      const spaceIdOf = (ref: string) => (spaces.find((s) => s.id === ref) ?? spaces.find((s) => s.title === ref))?.id;
      const report = await reconcileSite(domain.sites, caller, org.id, declaration(site), spaceIdOf);
      organizations.set(report.siteId, org.id);
      return report;
    }),
  );
  await auditSites(domain, (r) => organizations.get(r.siteId)!, reports);
  return reports;
}

export function describeSites(reports: readonly ReconcileReport[]): string {
  return reports.map((r) => `Site ${r.title} (/${r.basename}/): ${r.changes.length ? r.changes.join('; ') : 'unchanged'}\n`).join('');
}

const siteSpace = (ref: SiteConfig['spaces'] extends (infer T)[] | undefined ? T : never): SiteSpaceDeclaration =>
  typeof ref === 'string' ? { space: ref } : ref;

function declaration(site: SiteConfig): SiteDeclaration {
  return {
    title: site.title,
    basename: site.basename,
    visibility: site.visibility,
    published: site.published,
    customization: site.customization,
    ...(site.spaces ? { spaces: site.spaces.map(siteSpace) } : {}),
    ...(site.sections
      ? { sections: site.sections.map((s) => ({ title: s.title, path: s.path, condition: s.condition, spaces: s.spaces.map(siteSpace) })) }
      : {}),
  };
}

/** Checks a customization, laid over the defaults, as the API checks `updateSiteCustomizationById`'s body. */
async function customizationChecker(): Promise<(customization: Record<string, unknown>, where: string) => void> {
  const [{ loadSpec }, { createAjv, describeErrors, SPEC_ID }] = await Promise.all([import('../server/openapi.js'), import('../server/validation.js')]);
  const validate = createAjv(loadSpec().document).compile({ $ref: `${SPEC_ID}#/components/schemas/SiteCustomizationSettings` });
  return (customization, where) => {
    if (!validate(mergeSettings(DEFAULT_CUSTOMIZATION, customization))) {
      throw new UsageError(`${where}: ${describeErrors('body', validate.errors).replace(/^body: /, '')}`);
    }
  };
}
