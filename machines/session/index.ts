/** The staff session machines: the login dialog and the idle watch (password change joins later). */
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
