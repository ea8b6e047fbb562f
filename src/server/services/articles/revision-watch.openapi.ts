// The revision watch's calls: the notices of figures EIA revised that published stories cite,
// and the correction drafted from one. Part of the API document, beside the services its routes
// call: src/server/openapi.ts assembles every domain's part (see docs/contributing.md, "Add an API call").
import { revisionNoticeListQuerySchema } from '@/lib/validation/revision-notice';
import { correctionSchema } from '@/lib/wire/corrections';
import { revisionNoticeSchema } from '@/lib/wire/staff';
import { correctionInput } from '@/server/services/articles/articles.openapi';
import { BODY_ERRORS, PER_PAGE, TAG, id, listPage, ok, staff, type DomainPaths } from '@/server/api-operations';

export const revisionWatchPaths: DomainPaths = {
  '/api/admin/revision-notices': {
    get: listPage(TAG.adminArticles, 'notices', revisionNoticeSchema, {
      operationId: 'listRevisionNotices',
      summary: `Figures EIA revised that published stories cite, newest first, ${PER_PAGE}`,
      description:
        'Each names the story, the figure, what the story states, the figure before the revision and after it, and the dated correction it drafts. Editors see every story’s; authors and contributors those under their byline.',
      query: revisionNoticeListQuerySchema,
      about: { status: '`open` (default): those without a correction yet; `all`.' },
    }),
  },
  '/api/admin/revision-notices/{id}/draft': {
    post: staff(TAG.adminArticles, {
      operationId: 'openRevisionNoticeDraft',
      summary: 'Open the correction’s draft of a notice',
      description:
        'The first editor to open it writes the draft (the dated correction the notice drafts), once; every other editor, at the same moment or later, gets that draft, with who started it and when. No body.',
      path: id('notice'),
      responses: {
        '200': ok('The notice with its draft.', revisionNoticeSchema),
        '404': 'No such notice.',
        '409': 'A correction was published from this notice already.',
      },
    }),
  },
  '/api/admin/revision-notices/{id}/correction': {
    post: staff(TAG.adminArticles, {
      operationId: 'correctFromRevisionNotice',
      summary: 'Publish the correction drafted from a notice on its story',
      description:
        'The text as the editor left it, dated now, as any correction (audit trail, the story’s page, its feed items, /corrections). Once per notice: of two editors publishing at the same moment, one does and the other gets the 409, and nothing is added.',
      path: id('notice'),
      body: correctionInput,
      responses: {
        '201': ok('The correction.', correctionSchema),
        '400': 'Invalid input.',
        '404': 'No such notice.',
        '409': 'A correction was published from this notice already, or its story is no longer published.',
        ...BODY_ERRORS,
      },
    }),
  },
};
