/** The staff session machines: the login dialog, the idle watch and the password change by OTP. */
export {
  staffLoginMachine,
  LOGIN_FALLBACK_MESSAGE,
  type StaffLoginMachine,
  type StaffLoginContext,
  type StaffLoginEvent,
  type CaptchaChallenge,
  type LoginField,
  type SignInRequest,
  type SignedInUser,
} from './staff-login.machine';
export {
  idleSessionMachine,
  IDLE_TIMEOUT_MS,
  WARNING_TIMEOUT_MS,
  ACTIVITY_DEBOUNCE_MS,
  type IdleSessionMachine,
  type IdleSessionContext,
  type IdleSessionEvent,
  type IdleSessionInput,
} from './idle-session.machine';
export {
  passwordChangeMachine,
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORD_CHANGE_MESSAGES,
  newPasswordProblem,
  passwordChangeStep,
  passwordChangeOtpActor,
  canVerifyPasswordChangeOtp,
  passwordChangeHint,
  type PasswordChangeMachine,
  type PasswordChangeSnapshot,
  type PasswordChangeContext,
  type PasswordChangeEvent,
  type PasswordChangeRequest,
  type PasswordField,
} from './password-change.machine';
