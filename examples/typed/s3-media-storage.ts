// examples/typed/s3-media-storage.ts
// Not run: needs a bucket (the S3 suite runs the storage against a local S3 server).
import { createS3MediaStorage } from "reelkit/s3";

const mediaStorage = createS3MediaStorage({
  // Or `client: new S3Client(...)`, a client you own and configure yourself.
  clientConfig: { region: "eu-west-1" }, // MinIO, R2: add endpoint and forcePathStyle
  bucket: "acme-media",
  prefix: "reelkit", // objects live under reelkit/<key>
  baseUrl: "https://api.example.com/files", // where your host serves media URLs
  signingSecret: process.env.MEDIA_URL_SECRET ?? "", // 32+ bytes, shared by all instances
});

export { mediaStorage };
