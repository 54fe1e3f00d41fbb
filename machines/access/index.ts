/**
 * Citizen access (docs/citizen-machines.md): the OTP request -> verify -> citizen key machine, and the landlord and
 * tenant steppers that invoke it as their child `otp`.
 */
export * from './failures';
export * from './identity-rules';
export * from './citizen-session';
export * from './otp-access.machine';
export * from './otp-access.selectors';
export * from './landlord-stepper.types';
export * from './landlord-stepper.machine';
export * from './landlord-stepper.selectors';
export * from './tenant-stepper.types';
export * from './tenant-stepper.machine';
export * from './tenant-stepper.selectors';
