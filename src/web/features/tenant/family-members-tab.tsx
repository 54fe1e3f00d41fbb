import { useCallback, useState } from 'react';
import type { FamilyMember } from '../../../contract/tenants.contract';
import { FamilyMemberDialog } from './family-member-dialog';
import { MemberList, type MemberListKind } from './member-list';
import { MemberUploadDialog, type MemberUpload } from './member-upload-dialog';
import { useTenantServices } from './tenant-services';
import { useList } from './use-list';
import { useTenantLookups } from './use-lookups';

export const NO_FAMILY_PHOTO = 'No Photo Uploaded For This Member!';
export const FAMILY_PHOTO_UNREADABLE = 'Please re-upload photograph!';

/** Family Members: New Family Member, the list (Active or 'Left on'), photos and Remove (public-portal.md). */
export function FamilyMembersTab({ tenantId, onSkip }: { tenantId: number; onSkip: () => void }) {
  const services = useTenantServices();
  const lookups = useTenantLookups();
  const [list, reload] = useList(useCallback(() => services.familyMembers(tenantId), [services, tenantId]));
  const [adding, setAdding] = useState(false);
  const [upload, setUpload] = useState<MemberUpload | null>(null);
  const kind: MemberListKind<FamilyMember> = {
    newLabel: 'New Family Member',
    title: 'Family Members List',
    noun: 'family members',
    removeTitle: 'Remove family member',
    emptyText: 'No family members',
    columns: [
      { header: 'Relationship', cell: (member) => member.relationship },
      { header: 'Occupation', cell: (member) => member.occupation },
    ],
    document: {
      doctype: 'PHOTO',
      header: 'Photo',
      noun: 'photo',
      missing: NO_FAMILY_PHOTO,
      unreadable: FAMILY_PHOTO_UNREADABLE,
    },
    remove: (memberCode) => services.removeFamilyMember(tenantId, memberCode),
  };

  return (
    <MemberList kind={kind} list={list} reload={reload} onNew={() => setAdding(true)} onSkip={onSkip}>
      <FamilyMemberDialog
        tenantId={tenantId}
        opened={adding}
        occupations={lookups.occupations}
        relationships={lookups.relationships}
        onClose={() => setAdding(false)}
        onSaved={(memberCode, memberName) => {
          setAdding(false);
          reload();
          setUpload({ memberCode, memberName, ownertype: 'tenantfamily', doctype: 'PHOTO' });
        }}
      />
      <MemberUploadDialog upload={upload} onClose={() => setUpload(null)} onUploaded={reload} />
    </MemberList>
  );
}
