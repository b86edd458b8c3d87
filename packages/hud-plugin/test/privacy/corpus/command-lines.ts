import { family, fake } from "./random.ts";

/** Credentials passed to a command on its command line. */
export default family("command-lines", ({ shape }) => {
  shape(
    "curl -u user:password",
    (s) => `$ curl -u admin:${s(fake(14))} https://ci.example.com/api/json`,
    "$ docker run -u 1000:1000 -v $PWD:/src node:20 npm test",
  );
  shape(
    "curl --user with quotes",
    (s) => `curl --user "deploy:${s(fake(16))}" -X POST https://ci.example.com/build`,
    `curl --user "$CI_USER:$CI_PASSWORD" -X POST https://ci.example.com/build`,
  );
  shape(
    "mysql -p attached password",
    (s) => `mysql -h db -u root -p${s(fake(12))} app < dump.sql`,
    "mysql -h db -P 3306 -u root -p app < dump.sql",
  );
  shape(
    "--password with a space",
    (s) => `mysqldump --user=root --password ${s(fake(12))} app > dump.sql`,
    "docker login --username ci --password-stdin registry.example.com < token.txt",
  );
  shape(
    "--password=",
    (s) => `mysql --user=root --password=${s(fake(12))} app`,
    "psql --host=db --username=app --password --dbname=app",
  );
  shape(
    "--token with a space",
    (s) => `vault login --token ${s(fake(26))} -method=token`,
    "gh auth login --with-token < token.txt",
  );
  shape(
    "sshpass -p",
    (s) => `sshpass -p ${s(`${fake(10)}!`)} ssh deploy@host uptime`,
    "ssh -p 2222 deploy@host uptime",
  );
});
