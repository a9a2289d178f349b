#!/bin/sh
# MinIO's first start (compose.yaml, service minio-init): the portal's bucket and a key pair limited
# to it. Idempotent: run again, it changes nothing.
set -eu
mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "local/$S3_BUCKET"
cat > /tmp/portal-policy.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    { "Effect": "Allow", "Action": ["s3:ListBucket", "s3:ListBucketMultipartUploads", "s3:GetBucketLocation"], "Resource": ["arn:aws:s3:::$S3_BUCKET"] },
    { "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*"] }
  ]
}
POLICY
mc admin policy create local portal /tmp/portal-policy.json >/dev/null 2>&1 || true
mc admin user add local "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
mc admin policy attach local portal --user "$S3_ACCESS_KEY" >/dev/null 2>&1 || true
echo "bucket $S3_BUCKET ready"
