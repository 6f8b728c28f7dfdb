// The rights table lives in shared/ (the counter's approval form words itself from it); the
// services ask it through here and the manager gate.
export * from '../../../shared/staff-rights';
