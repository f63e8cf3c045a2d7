/** The example module's tables, added to the server's typed `Database`. */
export interface GreetingTables {
  greetings: { user_id: string; count: number; last_at: Date };
}

declare module '../../kernel/store/schema.js' {
  interface Database extends GreetingTables {}
}
