/** The name shown where a deleted user used to be (ADR 0039), the same in every service. */
export const DELETED_USER_NAME = 'Deleted user';
