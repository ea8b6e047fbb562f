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
  '/api/admin/revision-notices/{id}/correction': {
    post: staff(TAG.adminArticles, {
      operationId: 'correctFromRevisionNotice',
      summary: 'Publish the correction drafted from a notice on its story',
      description: 'The text as the editor left it, dated now, as any correction (audit trail, the story’s page, its feed items, /corrections).',
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
