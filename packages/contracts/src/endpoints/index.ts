// Every endpoint of the API, by resource (decision 031). The Worker answers each with its
// handler (worker/src/routes); the browser's client (../api.ts) is typed from them.
export * as areas from './areas.ts';
export * as orders from './orders.ts';
export * as payments from './payments.ts';
