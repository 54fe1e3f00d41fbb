import type { ListPage, StaffRole } from '../../../../machines/application';

/** Titles and column choices of the seven list screens (backoffice.md section 2). */
export const LIST_PAGE_TITLES: Record<ListPage, string> = {
  pending: 'Pending Applications',
  forwarded: 'Forwarded Applications',
  approved: 'Approved Applications',
  rejected: 'Rejected Applications',
  rectification: 'Applications Returned for Rectification',
  approvedTenants: 'Approved Tenants',
  shiftedTenants: 'Shifted Tenants',
};

/** The shifted tenants list shows when the tenant left instead of the View action. */
export function showsShiftedOn(page: ListPage): boolean {
  return page === 'shiftedTenants';
}

export const NO_APPLICATIONS = 'No Applications';

/** backoffice.md section 2: the Rectification page has a New Application button for USER only (the clearance wizard). */
export function offersNewApplication(page: ListPage, role: StaffRole): boolean {
  return page === 'rectification' && role === 'USER';
}
