import type { Role } from '../../../contract/roles';

/**
 * The roles that review the whole process (docs/workflows-page.md): the Workflows page, its live numbers and the
 * state lists opened from them. The server's insights calls admit the same three (docs/insights.md).
 */
export const WORKFLOWS_ROLES: readonly Role[] = ['VERIFIER', 'SUPERVISOR', 'ADMIN'];
