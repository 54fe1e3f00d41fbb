/**
 * The stand-in for a server call a machine declares but does not make: the browser wiring, stories and tests
 * provide the real one with `machine.provide({ actors })`, and a forgotten one fails saying which.
 */
export const notProvided = (machineName: string) => (actorName: string) => (): Promise<never> =>
  Promise.reject(new Error(`${actorName} is not provided: use ${machineName}.provide()`));
