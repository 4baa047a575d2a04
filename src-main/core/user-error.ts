/** An error whose message is already the sentence the user should read: what to do next. */
export class UserFacingError extends Error {
  readonly userMessage: string;

  constructor(userMessage: string, options?: ErrorOptions) {
    super(userMessage, options);
    this.name = new.target.name;
    this.userMessage = userMessage;
  }
}
