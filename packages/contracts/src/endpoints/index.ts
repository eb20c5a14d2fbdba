// Every endpoint of the API, by resource (decision 031). The Worker answers each with its
// handler (worker/src/routes); the browser's client (../api.ts) is typed from them.
export * as addresses from './addresses.ts';
export * as areas from './areas.ts';
export * as auth from './auth.ts';
export * as shipping from './shipping.ts';
