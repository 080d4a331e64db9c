/** The service client's public surface. Nothing under src/core imports vscode. */
export { formatBytes } from './byteSize';
export * from './client';
export * from './errors';
export { findArrival, type Arrival } from './arrival';
export { safeFileName } from './fileNames';
export { checkFileHash, compareHash, createDigester, hashFile, recordedHash, shortDigest, type Digester, type HashAlgorithm, type HashCheck, type RecordedHash, type UncheckableReason } from './fileHash';
export * from './models';
export type { DownloadOptions, DownloadResult, DownloadTarget } from './download';
export type { CheckedFile } from './fileChunks';
export type { HeaderEncoding } from './headerEncoding';
export { checkFile, isProblem, type LocalSource } from './localFile';
export type { Logger } from './logger';
export type { Problem, ProblemCode, ProblemField } from './problems';
export { parseServiceTime, type NaiveTimeZone, type ServiceTime } from './time';
export { sleep } from './transport/retry';
export type { Credentials } from './transport/service';
export { HEADER_VALUE, isValidEmail, PACKAGE_LINE, PACKAGE_TEXT, textProblem, type TextProblemCode, type TextRule } from './validate';
export { DEFAULT_PACKAGE, type NewRecipient, type PackageDefaults } from './xml/package';
