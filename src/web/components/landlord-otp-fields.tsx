import '@mantine/core/styles/Input.layer.css';
import { Button, Group, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { canVerifyOtp, isOtpBusy, type OtpAccessRef } from '../../../machines/access/otp-access.selectors';
import { OtpField } from './otp-field';

export interface LandlordOtpFieldsProps {
  epic: string;
  onEpicChange: (value: string) => void;
  /** Get OTP is enabled (the flow's own length rule: 8 characters for the tracker and the clearance). */
  canRequest: boolean;
  onRequest: () => void;
  /** The otp-access child the flow invoked once a code was asked for. */
  otpActor: OtpAccessRef | undefined;
  /** The code was accepted: the EPIC is locked and the OTP row goes. */
  verified: boolean;
}

/**
 * The 'Landlord Epic + Get OTP / OTP + Verify' rows of the tracker and the clearance dialogs: the flow's machine
 * decides when each button is enabled, the otp-access child holds the code and checks it.
 */
export function LandlordOtpFields({
  epic,
  onEpicChange,
  canRequest,
  onRequest,
  otpActor,
  verified,
}: LandlordOtpFieldsProps) {
  const otpSnapshot = useSelector(otpActor, (s) => s);
  const requesting = otpSnapshot?.matches('requesting') ?? false;
  const verifying = isOtpBusy(otpSnapshot) && !requesting;
  return (
    <>
      <Group align="flex-end" wrap="wrap" gap="xs">
        <TextInput
          label="Landlord Epic"
          value={epic}
          maxLength={10}
          autoComplete="off"
          disabled={verified}
          style={{ flex: '1 1 12rem', minWidth: 0 }}
          onChange={(e) => onEpicChange(e.currentTarget.value)}
        />
        <Button variant="outline" loading={requesting} disabled={!canRequest || verified} onClick={onRequest}>
          Get OTP
        </Button>
      </Group>
      {verified ? null : (
        <Group align="flex-end" wrap="wrap" gap="xs">
          <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <OtpField actor={otpActor} label="OTP" />
          </div>
          <Button
            loading={verifying}
            disabled={!canVerifyOtp(otpSnapshot)}
            onClick={() => otpActor?.send({ type: 'otp.verify' })}
          >
            Verify
          </Button>
        </Group>
      )}
    </>
  );
}
