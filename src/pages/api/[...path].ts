import type { APIRoute } from 'astro';
import { NotFoundError } from '@/server/errors';
import { errorResponse } from '@/server/http';

/** Any unknown /api/* path answers the API's JSON 404, whatever the method. */
export const ALL: APIRoute = () => errorResponse(new NotFoundError());
