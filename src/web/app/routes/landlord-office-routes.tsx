import { VACANCY_UPDATE_ROLES } from '../../../contract/rental-units.contract';
import type { Role } from '../../../contract/roles';
import { LandlordOfficePage } from '../../features/landlord/office/landlord-office-page';
import { RentalUnitsOfficePage } from '../../features/landlord/office/rental-units-office-page';
import { useStaffSession } from '../use-staff-session';

/** MODERATOR and SUPERMODERATOR have the officials' vacancy path; the screens offer Update Status to them only. */
export function mayUpdateVacancy(role: Role): boolean {
  return (VACANCY_UPDATE_ROLES as readonly Role[]).includes(role);
}

/** /app/landlord/tenants ('Landlords'): find or register a landlord by EPIC. */
export function LandlordOfficeRoute() {
  const session = useStaffSession();
  return session ? <LandlordOfficePage vacancyUpdates={mayUpdateVacancy(session.role)} /> : null;
}

/** /app/rentalunits ('Rental Units'): the units inside the official's jurisdiction. */
export function RentalUnitsOfficeRoute() {
  const session = useStaffSession();
  return session ? <RentalUnitsOfficePage vacancyUpdates={mayUpdateVacancy(session.role)} /> : null;
}
