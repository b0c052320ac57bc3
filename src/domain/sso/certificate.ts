import { X509Certificate } from 'node:crypto';
import { invalidInput } from '../core/errors.js';

export const CERTIFICATE_MAX = 10000;

const PEM = /-----BEGIN CERTIFICATE-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END CERTIFICATE-----/;

/**
 * The identity provider's signing certificate as PEM: a PEM block, or the bare base64 body that IdP metadata
 * carries. It must parse as X.509 and be valid at `now`. 400 naming `certificate` otherwise.
 */
export function checkCertificate(input: string, now: Date): string {
  if (/PRIVATE KEY-----/.test(input)) throw invalidInput("certificate: this is a private key; give the identity provider's public certificate");
  const body = PEM.exec(input)?.[1] ?? (/^[A-Za-z0-9+/=\s]+$/.test(input.trim()) ? input : undefined);
  const base64 = body?.replace(/\s+/g, '');
  if (!base64) throw invalidInput('certificate: not a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)');
  const pem = `-----BEGIN CERTIFICATE-----\n${base64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw invalidInput('certificate: not a valid X.509 certificate');
  }
  if (Date.parse(certificate.validTo) < now.getTime()) throw invalidInput(`certificate: expired on ${certificate.validTo}`);
  if (Date.parse(certificate.validFrom) > now.getTime()) throw invalidInput(`certificate: not valid before ${certificate.validFrom}`);
  if (pem.length > CERTIFICATE_MAX) throw invalidInput(`certificate: at most ${CERTIFICATE_MAX} characters once written as PEM`);
  return pem;
}
