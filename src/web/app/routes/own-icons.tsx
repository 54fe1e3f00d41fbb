import { BrandMark } from '../../components/brand-mark';
import { RefreshIcon } from '../../features/auth/captcha-field';
import { StepIcon, type StepIconName } from '../../features/home/step-icons';
import type { IconEntry } from '../../features/ui-icons/icons-page';

/**
 * The portal's own drawings for the icons page (/app/ui/icons). They live in the features that use them, so the
 * route gathers them; a new step icon does not compile until it is described here.
 */
const STEP_ICON_USES = {
  idCard: "Landlord Registration tutorial: entering the landlord's election ID",
  check: 'Landlord Registration tutorial: the check for an earlier registration',
  form: "Landlord Registration tutorial: the landlord's details",
  phone: 'Landlord Registration tutorial: confirming with the OTP sent to the phone',
  house: 'Landlord Registration tutorial: all steps completed, on to the rental units',
} as const satisfies Record<StepIconName, string>;

export const OWN_ICONS: IconEntry[] = [
  {
    name: 'BrandMark',
    source: 'src/web/components/brand-mark.tsx',
    usedIn: 'The portal\u2019s mark: public header, landing banner, staff top bar, the signed-out fallback',
    render: () => <BrandMark size={48} />,
  },
  ...(Object.keys(STEP_ICON_USES) as StepIconName[]).map((name) => ({
    name: `StepIcon ${name}`,
    source: 'src/web/features/home/step-icons.tsx',
    usedIn: STEP_ICON_USES[name],
    render: () => <StepIcon name={name} size={48} />,
  })),
  {
    name: 'RefreshIcon',
    source: 'src/web/features/auth/captcha-field.tsx',
    usedIn: 'The login dialog: the button that draws a new captcha',
    render: () => <RefreshIcon />,
  },
];
