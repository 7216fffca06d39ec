/**
 * `sightline doctor`'s exit codes beyond 0 and bad usage (README "Command line"), in a module of their own so a
 * script or a test reads them without loading the doctor.
 */
export const DOCTOR_EXIT = { drift: 1, unreachable: 3, noneRunning: 4 } as const;
