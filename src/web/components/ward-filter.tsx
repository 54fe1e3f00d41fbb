import { NativeSelect } from '@mantine/core';

export const WARD_FILTER_LABEL = 'Filter applications by Sub-Localities/Wards';
export const ALL_WARDS = 'All Sub-Localities/Wards';

export interface WardFilterProps {
  /** The locality's own code stands for 'all its wards'. */
  localityCode: string;
  wards: Array<{ localAuthorityCode: string; localAuthorityName: string }>;
  value: string;
  onChange: (code: string) => void;
  label?: string;
}

/** The SUPERMODERATOR's sub-locality filter; choosing the locality itself lists every ward. */
export function WardFilter({
  localityCode,
  wards,
  value,
  onChange,
  label = WARD_FILTER_LABEL,
}: WardFilterProps) {
  return (
    <NativeSelect
      label={label}
      withAsterisk
      maw={420}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: localityCode, label: ALL_WARDS },
        ...wards.map((w) => ({ value: w.localAuthorityCode, label: w.localAuthorityName })),
      ]}
    />
  );
}
