/** The service client's public surface. Nothing under src/core imports vscode. */
export * from './client';
export * from './errors';
export * from './models';
export type { DownloadOptions, DownloadResult, DownloadTarget } from './download';
export type { HeaderEncoding } from './headerEncoding';
export type { Logger } from './logger';
export { parseServiceTime, type NaiveTimeZone, type ServiceTime } from './time';
export type { Credentials } from './transport/service';
export { DEFAULT_PACKAGE, type NewRecipient, type PackageDefaults } from './xml/package';
