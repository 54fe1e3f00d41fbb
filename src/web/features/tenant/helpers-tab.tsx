import { useCallback, useState } from 'react';
import type { Helper } from '../../../contract/tenants.contract';
import { HelperDialog } from './helper-dialog';
import { MemberList, type MemberListKind } from './member-list';
import { MemberUploadDialog, type MemberUpload } from './member-upload-dialog';
import { useTenantServices } from './tenant-services';
import { useList } from './use-list';
import { useTenantLookups } from './use-lookups';

export const NO_HELPER_IMAGE = 'No image uploaded!';
export const HELPER_IMAGE_UNREADABLE = 'Invalid Image inputted.';

const addressOf = (helper: Helper) =>
  [
    helper.permanentAddress.address1,
    helper.permanentAddress.district.districtName,
    helper.permanentAddress.pinCode,
  ]
    .filter(Boolean)
    .join(', ');

/** Domestic Helpers: New Helper, the 'Domestic Helpers List', signatures and Remove (public-portal.md). */
export function HelpersTab({ tenantId, onSkip }: { tenantId: number; onSkip: () => void }) {
  const services = useTenantServices();
  const lookups = useTenantLookups();
  const [list, reload] = useList(useCallback(() => services.helpers(tenantId), [services, tenantId]));
  const [adding, setAdding] = useState(false);
  const [upload, setUpload] = useState<MemberUpload | null>(null);
  const kind: MemberListKind<Helper> = {
    newLabel: 'New Helper',
    title: 'Domestic Helpers List',
    noun: 'helpers',
    removeTitle: 'Remove helper',
    emptyText: 'No helpers',
    columns: [{ header: 'Permanent Address', cell: addressOf }],
    document: {
      doctype: 'SIGNATURE',
      header: 'Signature',
      noun: 'signature',
      missing: NO_HELPER_IMAGE,
      unreadable: HELPER_IMAGE_UNREADABLE,
    },
    remove: (memberCode) => services.removeHelper(tenantId, memberCode),
  };

  return (
    <MemberList kind={kind} list={list} reload={reload} onNew={() => setAdding(true)} onSkip={onSkip}>
      <HelperDialog
        tenantId={tenantId}
        opened={adding}
        states={lookups.states}
        onClose={() => setAdding(false)}
        onSaved={(memberCode, memberName) => {
          setAdding(false);
          reload();
          setUpload({ memberCode, memberName, ownertype: 'tenanthelper', doctype: 'SIGNATURE' });
        }}
      />
      <MemberUploadDialog upload={upload} onClose={() => setUpload(null)} onUploaded={reload} />
    </MemberList>
  );
}
