// Certificates made by the tests: a certificate authority of their own and
// server certificates it signs (valid, expired, for another host) or that sign
// themselves. node-forge writes them in plain JavaScript, so this runs the same
// on every developer's machine (openssl is not on every one); the RSA keys come
// from node:crypto, which is much faster than forge's own.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface KeyAndCert {
  /** PEM. */
  readonly key: string;
  /** PEM. */
  readonly cert: string;
}

export interface ServerCertOptions {
  /** Signed by this authority; without it the certificate signs itself. */
  readonly issuer?: KeyAndCert;
  /** Host names; default localhost. */
  readonly dnsNames?: readonly string[];
  /** IP addresses; default 127.0.0.1 (none when dnsNames are given). */
  readonly ips?: readonly string[];
  /** Days from now: negative for the past. Default -1 and 1. */
  readonly validFromDays?: number;
  readonly validToDays?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function keyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  return {
    privateKey: forge.pki.privateKeyFromPem(pem),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()) as forge.pki.rsa.PublicKey,
    pem,
  };
}

function blank(publicKey: forge.pki.rsa.PublicKey, fromDays: number, toDays: number): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial number: the first byte's high bit clear.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() + fromDays * DAY_MS);
  cert.validity.notAfter = new Date(Date.now() + toDays * DAY_MS);
  return cert;
}

/** A certificate authority, as a company would run its own. */
export function makeAuthority(name = 'DSAS Test Authority'): KeyAndCert {
  const keys = keyPair();
  const cert = blank(keys.publicKey, -1, 30);
  const subject = [{ name: 'commonName', value: name }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { key: keys.pem, cert: forge.pki.certificateToPem(cert) };
}

/** A server certificate for TLS. */
export function makeServerCert(o: ServerCertOptions = {}): KeyAndCert {
  const keys = keyPair();
  const cert = blank(keys.publicKey, o.validFromDays ?? -1, o.validToDays ?? 1);
  const dnsNames = o.dnsNames ?? ['localhost'];
  const ips = o.ips ?? (o.dnsNames ? [] : ['127.0.0.1']);
  cert.setSubject([{ name: 'commonName', value: dnsNames[0] ?? ips[0] ?? 'server' }]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [...dnsNames.map((value) => ({ type: 2, value })), ...ips.map((ip) => ({ type: 7, ip }))] },
  ]);
  if (o.issuer) {
    const issuer = forge.pki.certificateFromPem(o.issuer.cert);
    cert.setIssuer(issuer.subject.attributes);
    cert.sign(forge.pki.privateKeyFromPem(o.issuer.key), forge.md.sha256.create());
  } else {
    cert.setIssuer(cert.subject.attributes);
    cert.sign(keys.privateKey, forge.md.sha256.create());
  }
  return { key: keys.pem, cert: forge.pki.certificateToPem(cert) };
}
