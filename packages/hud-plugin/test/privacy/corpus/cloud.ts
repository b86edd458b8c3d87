import { B64, DIGITS, HEX, UPPER, URLSAFE, family, fake } from "./random.ts";

/** AWS, Azure and Google Cloud credentials. */
export default family("cloud", ({ shape }) => {
  shape(
    "aws access key id",
    (s) => `found credentials: ${s(`AKIA${fake(16, UPPER + "234567")}`)}`,
    "the key id starts with AKIA followed by 16 characters",
  );
  shape(
    "aws temporary key id",
    (s) => `"AccessKeyId": "${s(`ASIA${fake(16, UPPER + DIGITS)}`)}",`,
    `"AccessKeyId": "$AWS_ACCESS_KEY_ID",`,
  );
  shape(
    "aws secret key, .env",
    (s) => `AWS_SECRET_ACCESS_KEY=${s(fake(40, B64))}`,
    "AWS_SECRET_ACCESS_KEY=${{ secrets.AWS }}",
  );
  shape(
    "aws secret key, json",
    (s) => `{"aws_secret_access_key": "${s(fake(40, B64))}"}`,
    `{"aws_secret_access_key": ""}`,
  );
  shape(
    "aws secret key, credentials file",
    (s) => `[default]\naws_secret_access_key = ${s(fake(40, B64))}`,
    "[default]\nregion = eu-west-1\noutput = json",
  );
  shape(
    "aws configure set secret",
    (s) => `$ aws configure set aws_secret_access_key ${s(fake(40, B64))} --profile ci`,
    "$ aws configure set region us-east-1 --profile ci",
  );
  shape(
    "aws configure set session token",
    (s) => `aws configure set aws_session_token ${s(`IQoJb3JpZ2luX2Vj${fake(180, B64)}`)}`,
    "aws configure set output json",
  );
  shape(
    "azure sas signature",
    (s) =>
      `https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-01-01T00:00:00Z&sig=${s(`${fake(40, URLSAFE.replace(/[-_]/g, ""))}%2B${fake(4)}%3D`)}`,
    "https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&comp=list&restype=container",
  );
  shape(
    "azure client secret",
    (s) => `az login --service-principal -p ${s(`${fake(3)}8Q~${fake(34, `${URLSAFE}~.`)}`)}`,
    "az login --service-principal -u http://app -p $AZURE_CLIENT_SECRET --tenant contoso.onmicrosoft.com",
  );
  shape(
    "azure storage connection string",
    (s) =>
      `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${s(`${fake(86, B64)}==`)};EndpointSuffix=core.windows.net`,
    "DefaultEndpointsProtocol=https;AccountName=devstoreaccount1;EndpointSuffix=core.windows.net",
  );
  shape(
    "google api key",
    (s) => `https://maps.googleapis.com/maps/api/js?key=${s(`AIza${fake(35, URLSAFE)}`)}`,
    "https://maps.googleapis.com/maps/api/js?key=YOUR_API_KEY&callback=init",
  );
  shape(
    "google oauth client secret",
    (s) => `"client_secret":"${s(`GOCSPX-${fake(28, URLSAFE)}`)}"`,
    `"client_id":"${fake(12, DIGITS)}-${fake(32, HEX)}.apps.googleusercontent.com"`,
  );
  shape(
    "google oauth access token",
    (s) => `access token ${s(`ya29.${fake(120, URLSAFE)}`)}`,
    "scope https://www.googleapis.com/auth/cloud-platform granted; expires_in 3599",
  );
});
