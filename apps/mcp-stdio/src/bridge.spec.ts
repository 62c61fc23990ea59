import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { describeRemoteFailure } from './bridge.js';

const http = (status: number) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: {"error":"x"}`, { status, statusText: '', text: '' });

describe('describeRemoteFailure', () => {
  it('when the service refuses the token then the agent is told to get a new SERVICE_API_TOKEN, not to retry', () => {
    expect(describeRemoteFailure(http(401))).toMatch(/SERVICE_API_TOKEN.*new API token.*retrying will not help/);
    expect(describeRemoteFailure(http(403))).toMatch(/SERVICE_API_TOKEN/);
  });

  it('when the service is away or failing then the agent is told to retry and to read a write back first', () => {
    for (const error of [new TypeError('fetch failed'), http(503), http(502)]) {
      const text = describeRemoteFailure(error);
      expect(text).toMatch(/Retry in a few seconds.*read it back/);
      expect(text).not.toMatch(/fetch failed|POSTing|endpoint/);
    }
  });

  it('when the service does not answer in time then the agent is told to retry and to read a write back first', () => {
    expect(describeRemoteFailure(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'))).toMatch(/did not answer in time.*read it back/);
  });

  it('when the call is too large for one request then it says so and that nothing changed', () => {
    expect(describeRemoteFailure(http(413))).toMatch(/larger than the service accepts.*nothing was changed/);
  });
});
