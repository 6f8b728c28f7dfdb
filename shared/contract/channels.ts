// Electron IPC channel names: every contract call and event travels on one of these two,
// under one prefix, so the preload forwards nothing else.
export const IPC_PREFIX = 'till:';
export const IPC_INVOKE_CHANNEL = `${IPC_PREFIX}invoke`;
export const IPC_EVENT_CHANNEL = `${IPC_PREFIX}event`;
