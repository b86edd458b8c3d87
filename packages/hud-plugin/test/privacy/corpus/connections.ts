import { family, fake } from "./random.ts";

/** Credentials in URLs and connection strings. */
export default family("connections", ({ shape }) => {
  shape(
    "https url credentials",
    (s) => `git clone https://deploy:${s(fake(20))}@git.example.com/team/app.git`,
    "git clone https://git.example.com/team/app.git and git@github.com:org/repo.git",
  );
  shape(
    "postgres url",
    (s) => `DATABASE_URL=postgres://app:${s(fake(16))}@db.internal:5432/app`,
    "DATABASE_URL=postgres://app@db.internal:5432/app?sslmode=require",
  );
  shape(
    "mongodb url",
    (s) => `connecting to mongodb+srv://admin:${s(fake(18))}@cluster0.example.mongodb.net/`,
    "connecting to mongodb+srv://cluster0.example.mongodb.net/ with X.509",
  );
  shape(
    "redis url, password only",
    (s) => `REDIS=redis://:${s(fake(24))}@cache:6379/0`,
    "http://localhost:3000/api@v2/users",
  );
  shape(
    "ado.net connection string",
    (s) => `Server=tcp:db.example.net,1433;Database=app;User Id=app;Password=${s(fake(18))};Encrypt=True;`,
    "Server=tcp:db.example.net,1433;Database=app;Authentication=Active Directory Default;Encrypt=True;",
  );
  shape(
    "jdbc url with password parameter",
    (s) => `jdbc:mysql://db:3306/app?user=app&password=${s(fake(14))}&useSSL=true`,
    "jdbc:mysql://db:3306/app?user=app&useSSL=true&serverTimezone=UTC",
  );
});
