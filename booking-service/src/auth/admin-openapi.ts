import { problemResponse } from '../http/openapi-schemas.ts';
import { signedIn } from './middleware.ts';

/** Every admin operation in the OpenAPI document: tagged, and needing an admin's session cookie. */
export const adminOperation = { tags: ['admin'], security: signedIn };

/** What every admin operation answers before it runs, for anyone but an admin on the site. */
export const adminRefusals = {
  401: problemResponse('Not signed in'),
  403: problemResponse('Signed in without the admin role ("Access denied"), or from another site'),
} as const;
