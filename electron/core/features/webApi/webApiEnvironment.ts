import { WEB_API_ENVIRONMENT_VARIABLES } from '@shared/environment/environmentVariables';
import { checkHostTemplate } from './routing/hostTemplate';

/** The web API's environment variables; like the others they override settings for one run only. */
export interface WebApiEnvironment {
  /** SIGHTLINE_WEB_API_BASE, e.g. http://127.0.0.1:47000/{routing} for a stand-in. */
  hostTemplate: string | null;
  /** SIGHTLINE_API_KEY: the key for this run, for hosts without a secret store. */
  apiKey: string | null;
}

WEB_API_ENVIRONMENT_VARIABLES satisfies Record<keyof WebApiEnvironment, string>;

export class WebApiEnvironmentError extends Error {}

export function readWebApiEnvironment(env: NodeJS.ProcessEnv): WebApiEnvironment {
  const template = env[WEB_API_ENVIRONMENT_VARIABLES.hostTemplate]?.trim() || null;
  if (template !== null) {
    const checked = checkHostTemplate(template);
    if (!checked.ok) {
      throw new WebApiEnvironmentError(`${WEB_API_ENVIRONMENT_VARIABLES.hostTemplate}: ${checked.message}`);
    }
  }
  return { hostTemplate: template, apiKey: env[WEB_API_ENVIRONMENT_VARIABLES.apiKey]?.trim() || null };
}
