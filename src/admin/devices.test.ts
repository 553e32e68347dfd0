import { describe, expect, test } from 'bun:test';
import {
  createAdminDevices,
  DEVICE_COOKIE,
  DEVICE_TTL_SECONDS,
  deviceCookie,
  deviceTokenOf,
} from './devices';

describe('admin device tokens', () => {
  test('a token issued here is recognised until it expires; a forged, altered or revoked one never', async () => {
    let now = 1_700_000_000_000;
    let key = 'secret\u0000hash-1';
    const devices = createAdminDevices(
      async () => key,
      () => now,
    );
    const header = `Basic ${btoa('admin:pw')}`;
    const token = await devices.issue(header);
    const known = await devices.recognise(token, header);
    expect(known).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), verified: true });
    // Another header: the same device, not verified for it.
    expect(await devices.recognise(token, `Basic ${btoa('admin:other')}`)).toEqual({
      id: known!.id,
      verified: false,
    });
    // Another token is another device.
    expect((await devices.recognise(await devices.issue(header), header))?.id).not.toBe(known!.id);
    const [id, expires, device, verified] = token.split('.');
    const forged = [
      `${id}.${Number(expires) + 1000}.${device}.${verified}`,
      `AAAAAAAAAAAAAAAA.${expires}.${device}.${verified}`,
      `${id}.${expires}.${'A'.repeat(43)}.${verified}`,
      `${token}x`,
      `${id}.${expires}.${device}`,
      '',
      undefined,
    ];
    for (const t of forged) expect(await devices.recognise(t, header)).toBeUndefined();
    now += (DEVICE_TTL_SECONDS - 1) * 1000;
    expect((await devices.recognise(token, header))?.verified).toBe(true);
    now += 1000;
    expect(await devices.recognise(token, header)).toBeUndefined();
    // A new password (another key) revokes every device.
    now = 1_700_000_000_000;
    key = 'secret\u0000hash-2';
    expect(await devices.recognise(token, header)).toBeUndefined();
  });

  test('the cookie: read from a Cookie header, set for the admin API only, HttpOnly, SameSite=Strict', () => {
    expect(deviceTokenOf(`a=1; ${DEVICE_COOKIE}=abc.1.x ; b=2`)).toBe('abc.1.x');
    expect(deviceTokenOf('a=1')).toBeUndefined();
    expect(deviceTokenOf(null)).toBeUndefined();
    expect(deviceCookie('t', false)).toBe(
      `${DEVICE_COOKIE}=t; Path=/api/admin; Max-Age=${DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Strict`,
    );
    expect(deviceCookie('t', true)).toEndWith('; Secure');
  });
});
