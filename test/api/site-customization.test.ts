// updateSiteCustomizationById with a partial body: 0.202.0 documents it as a full replacement in which "unset fields
// revert to defaults", so the fields left out (whole groups, or members of styling, header, styling.sidebar...) read
// as the defaults; the fields sent are checked against the schema, a bad one refused with a 400 naming it.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOMIZATION } from '../../src/domain/sites/customization.js';
import { errorOf, useServer } from '../helpers/server.js';

const s = useServer();
let siteId: string;

beforeAll(async () => {
  siteId = (await s.client().orgs.createSite(s.org, { title: 'Customized' })).data.id;
});

describe('updateSiteCustomizationById', () => {
  it('takes a partial body from the 0.202.0 client: what it leaves out reads as the defaults', async () => {
    const api = s.newerClient().orgs;
    const put = await api.updateSiteCustomizationById(s.org, siteId, { styling: { theme: 'bold' }, footer: { copyright: '© Acme' } } as never);
    expect(put.status).toBe(200);
    expect(put.data.styling).toEqual({ ...DEFAULT_CUSTOMIZATION.styling, theme: 'bold' });
    expect(put.data.footer).toEqual({ groups: [], copyright: '© Acme' });
    expect(put.data.header).toEqual(DEFAULT_CUSTOMIZATION.header);
    expect((await api.getSiteCustomizationById(s.org, siteId)).data).toEqual(put.data);

    // A replacement: a later body without the footer gives the default footer back.
    const next = await api.updateSiteCustomizationById(s.org, siteId, { styling: { sidebar: { list: 'line' } } } as never);
    expect(next.data.footer).toEqual(DEFAULT_CUSTOMIZATION.footer);
    expect(next.data.styling).toEqual({ ...DEFAULT_CUSTOMIZATION.styling, sidebar: { background: 'default', list: 'line' } });
    expect((await api.updateSiteCustomizationById(s.org, siteId, {} as never)).data).toMatchObject(DEFAULT_CUSTOMIZATION);
  });

  it("takes 0.202.0's whole settings, which leave out pdf and git (required in 0.143.2)", async () => {
    const api = s.newerClient().orgs;
    const { pdf: _pdf, git: _git, ...current } = (await api.getSiteCustomizationById(s.org, siteId)).data as unknown as Record<string, unknown>;
    const put = await api.updateSiteCustomizationById(s.org, siteId, { ...current, title: 'Acme' } as never);
    expect(put.data).toMatchObject({ title: 'Acme', pdf: DEFAULT_CUSTOMIZATION.pdf, git: DEFAULT_CUSTOMIZATION.git });
  });

  it('refuses an invalid value with a 400 naming the field, and changes nothing', async () => {
    const api = s.newerClient().orgs;
    const before = (await api.getSiteCustomizationById(s.org, siteId)).data;
    const refuse = async (body: unknown) => errorOf(api.updateSiteCustomizationById(s.org, siteId, body as never));
    expect(await refuse({ styling: { theme: 'loud' } })).toMatchObject({ code: 400, message: expect.stringMatching(/^styling\.theme: must be one of/) });
    expect(await refuse({ styling: { primaryColor: { light: '#ff0000' } } })).toEqual({ code: 400, message: 'body: styling.primaryColor.dark is required' });
    expect(await refuse({ footer: { copyright: 42 } })).toMatchObject({ code: 400, message: expect.stringMatching(/^footer\.copyright: /) });
    expect(await refuse([])).toMatchObject({ code: 400, message: expect.stringMatching(/^body: /) });
    expect((await api.getSiteCustomizationById(s.org, siteId)).data).toEqual(before);
  });
});
