import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici';
import {
  ProxyProblem,
  proxiesFromEnvironment,
  routeFromSystem,
  type Environment,
  type ProxyRoute,
} from './proxy-settings.ts';

/** The operating system's proxies for an address, as a PAC-style list (Electron's `resolveProxy`). */
export type SystemProxyResolver = (url: string) => Promise<string>;

export interface RouteOptions {
  /** Connection settings for every dispatcher: direct, through a proxy, or either. */
  agent: Agent.Options;
  /** Where the proxy variables are read. */
  env: Environment;
  /** Asked per address when the environment sets no proxy; none on the command line. */
  systemProxy?: SystemProxyResolver | undefined;
  /** Addresses always reached directly: the built-in simulator runs inside Clearframe. */
  direct?: ((url: URL) => boolean) | undefined;
}

/** The system's answer is kept this long per origin, so a changed setting applies soon. */
const SYSTEM_ANSWER_TTL_MS = 60_000;

/**
 * Which undici dispatcher carries a request. The environment's proxy variables win over the
 * system settings (they were set for this process on purpose, and the command line, which
 * has no system resolver, follows them alike); the system is asked per origin; with
 * neither, connections are direct. Dispatchers are kept, so connections are reused.
 */
export class NetworkRoutes {
  private readonly options: RouteOptions;
  private readonly directAgent: Agent;
  private readonly fromEnvironment: EnvHttpProxyAgent | ProxyProblem | undefined;
  private readonly proxies = new Map<string, ProxyAgent>();
  private readonly systemAnswers = new Map<
    string,
    { at: number; route: Promise<ProxyRoute | ProxyProblem> }
  >();

  constructor(options: RouteOptions) {
    this.options = options;
    this.directAgent = new Agent(options.agent);
    const proxies = proxiesFromEnvironment(options.env);
    this.fromEnvironment =
      proxies && !(proxies instanceof ProxyProblem)
        ? new EnvHttpProxyAgent({ ...options.agent, ...proxies })
        : proxies;
  }

  /** The dispatcher for a request to `url`; a `ProxyProblem` when the settings cannot be followed. */
  async dispatcherFor(url: URL): Promise<Dispatcher> {
    if (this.options.direct?.(url)) return this.directAgent;
    if (this.fromEnvironment instanceof ProxyProblem) throw this.fromEnvironment;
    if (this.fromEnvironment) return this.fromEnvironment;
    if (!this.options.systemProxy) return this.directAgent;
    const route = await this.systemRoute(this.options.systemProxy, url);
    if (route instanceof ProxyProblem) throw route;
    return route.kind === 'direct' ? this.directAgent : this.proxy(route.url);
  }

  async close(): Promise<void> {
    await Promise.all([
      this.directAgent.close(),
      this.fromEnvironment instanceof EnvHttpProxyAgent ? this.fromEnvironment.close() : undefined,
      ...[...this.proxies.values()].map((agent) => agent.close()),
    ]);
  }

  /** What the system says for this origin; when it cannot say, connections are direct. */
  private systemRoute(resolve: SystemProxyResolver, url: URL): Promise<ProxyRoute | ProxyProblem> {
    const known = this.systemAnswers.get(url.origin);
    const now = Date.now();
    if (known && now - known.at < SYSTEM_ANSWER_TTL_MS) return known.route;
    const route = resolve(url.href).then(
      (list) => routeFromSystem(list, url.host),
      (): ProxyRoute => ({ kind: 'direct' }),
    );
    this.systemAnswers.set(url.origin, { at: now, route });
    return route;
  }

  private proxy(url: string): ProxyAgent {
    let agent = this.proxies.get(url);
    if (!agent) {
      agent = new ProxyAgent({ ...this.options.agent, uri: url });
      this.proxies.set(url, agent);
    }
    return agent;
  }
}
