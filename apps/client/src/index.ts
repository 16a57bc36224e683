// The package's public surface (its `exports` entry), not an in-app barrel.
export { createClient } from './client';
export type { ClientOptions, HealthStatus, KanisaClient, KanisaResult, RequestOptions } from './client';
export { ABORTED, INVALID_RESPONSE, KanisaError, NETWORK_ERROR } from './error';
export type { KanisaErrorInit } from './error';
