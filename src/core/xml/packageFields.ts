/** One recipient of a new submission (2.5). */
export interface NewRecipient {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** The package's `type` attribute; allowed values are not documented. Default: `PRIMARY` for the first recipient, `PackageDefaults.recipientType` for the others. */
  readonly type?: string;
  /** Recipient authentication; both parts are sent when given. */
  readonly auth?: { readonly method: string; readonly number: string };
}

/** The package content (2.5), without the files themselves. */
export interface SubmissionPackage {
  readonly formReference: string;
  readonly recipients: readonly NewRecipient[];
  readonly coverNote: string;
  readonly data: string;
  /** File names, with extension, as the parts will carry them. */
  readonly attachmentNames: readonly string[];
  /** Overrides of the defaults below for this one package. */
  readonly options?: Partial<PackageDefaults>;
}

/**
 * Values the spec names but whose allowed values it does not give. The
 * defaults are the ones the service is seen using (`type` 8) or the least
 * committing choice; every one can be changed per client or per package.
 */
export interface PackageDefaults {
  /** Root `type` attribute. Only 8 appears in the service's responses. */
  readonly submissionType: string;
  /** Root `broadcast` attribute, `0` or `1`. */
  readonly broadcast: string;
  readonly transparency: string;
  readonly confirmIntent: string;
  /** Recipient `type` attribute; the responses' `recp_type` vocabulary is PRIMARY, REGULAR, COPIED. */
  readonly recipientType: string;
}

export const DEFAULT_PACKAGE: PackageDefaults = {
  submissionType: '8',
  broadcast: '0',
  transparency: '0',
  confirmIntent: '0',
  recipientType: 'REGULAR',
};
