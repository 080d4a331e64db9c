// The one place where the core's typed problems (a code and a field) become
// words: the messages of refused requests, the hints under input boxes and
// the list of files that were skipped.
import * as vscode from 'vscode';
import type { Problem, TextProblemCode } from '../../core';

const t = vscode.l10n.t;

const quoted = (values: readonly string[] = []): string => values.map((v) => `"${v}"`).join(', ');
const number = (n = 0): string => n.toLocaleString(vscode.env.language);

/** The field as the subject of a sentence: "Recipient 2's last name". */
function subject(p: Problem): string {
  const n = p.recipient ?? 1;
  switch (p.field) {
    case 'formReference': return t('The form reference');
    case 'coverNote': return t('The cover note');
    case 'data': return t('The data');
    case 'firstName': return t("Recipient {0}'s first name", n);
    case 'lastName': return t("Recipient {0}'s last name", n);
    case 'email': return t("Recipient {0}'s e-mail address", n);
    case 'recipientType': return t("Recipient {0}'s type", n);
    case 'authMethod': return t("Recipient {0}'s authentication method", n);
    case 'authNumber': return t("Recipient {0}'s authentication number", n);
    case 'recipients': return t('The recipients');
    case 'documents': return t('The documents');
    case 'documentName': return p.values?.length ? t('The document name {0}', quoted(p.values)) : t('A document name');
    case 'packageValue': return t('The package value {0}', p.values?.[0] ?? '');
    case 'title': return t('The title');
    case 'fileName': return t('The file name');
    case 'userName': return t('The user name');
    case 'id': return t('The identifier');
  }
}

/** A whole sentence naming the field and what is wrong: for error messages and prompts that name their field. */
export function problemText(p: Problem): string {
  const names = (p.values ?? []).join(', ');
  switch (p.code) {
    case 'empty': return t('{0} cannot be empty.', subject(p));
    case 'tooLong': return t('{0} has {1} characters; at most {2} can be sent.', subject(p), number(p.count), number(p.limit));
    case 'tooMany': return t('A submission can have at most {0} recipients; this one has {1}.', number(p.limit), number(p.count));
    case 'controlCharacter': return t('{0} must be a single line without control characters.', subject(p));
    case 'notXml': return t('{0} contains a control character that cannot be sent.', subject(p));
    case 'invalidEmail': return t('{0} {1} is not valid.', subject(p), quoted(p.values));
    case 'noRecipients': return t('A submission needs at least one recipient.');
    case 'noDocuments': return t('A submission needs at least one document.');
    case 'notFileName': return t('These file names cannot be sent as attachment names; rename the files first: {0}.', names);
    case 'duplicateName': return t('Two documents are named {0}; each attachment needs its own name.', quoted(p.values));
    case 'reservedName': return t('A document may not be named {0}: that name is the package\'s.', quoted(p.values));
    case 'invalidIdentifier': return t('{0} is not a valid identifier.', quoted(p.values));
    case 'fileUnreadable':
      if (p.errno === 'ENOENT') return t('{0} does not exist.', quoted(p.values));
      if (p.errno === 'EACCES' || p.errno === 'EPERM') return t('{0} cannot be read (permission denied).', quoted(p.values));
      return t('{0} cannot be read ({1}).', quoted(p.values), p.errno ?? '');
    case 'folder':
    case 'notAFile': return t('{0} is not a file.', quoted(p.values));
    case 'emptyFile': return t('Empty files cannot be sent: {0}.', names);
  }
}

/** The hint under an input box whose prompt already names the field; `limit` and `count` for a value too long. */
export function inputProblemText(p: { readonly code: TextProblemCode | 'invalidEmail'; readonly limit?: number; readonly count?: number }): string {
  switch (p.code) {
    case 'empty': return t('This cannot be empty.');
    case 'tooLong': return t('This has {0} characters; at most {1} can be sent.', number(p.count), number(p.limit));
    case 'controlCharacter': return t('Use a single line without control characters.');
    case 'notXml': return t('This contains a control character that cannot be sent.');
    case 'invalidEmail': return t('Enter a valid e-mail address, e.g. name@example.com.');
  }
}
