/**
 * Errors a decider may throw. They carry the HTTP status the API should answer with and the Spanish public
 * message from the catalogue, so that the transport layer never has to guess.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly messagePublic: string,
    readonly status: number = 400,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(code: string, messagePublic: string) {
    super(code, messagePublic, 404);
  }
}

export class ForbiddenError extends DomainError {
  constructor(code: string, messagePublic: string) {
    super(code, messagePublic, 403);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(code: string, messagePublic: string) {
    super(code, messagePublic, 401);
  }
}
