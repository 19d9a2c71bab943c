# Verifying a Sports Moment Ads webhook in Python (standard library only).
# Copy this function into your receiver. Pass the RAW request body bytes
# (Flask: request.get_data(); Django: request.body; FastAPI: await request.body()),
# never a re-serialised JSON object: other bytes, other signature.
import hashlib
import hmac
import re
import time


def verify_webhook(raw_body: bytes, headers, secret: str, tolerance_sec: int = 300, now: float | None = None) -> bool:
    """True when X-Service-Signature matches and X-Service-Timestamp is within 5 minutes.

    headers: any mapping with the request's headers (Flask and Django header
    objects are case-insensitive; a plain dict needs the exact names below).
    """
    timestamp = headers.get("X-Service-Timestamp") or ""
    signature = headers.get("X-Service-Signature") or ""
    if not re.fullmatch(r"[0-9]{1,12}", timestamp):
        return False
    # refuse old (replayed) or future deliveries
    if abs((time.time() if now is None else now) - int(timestamp)) > tolerance_sec:
        return False
    expected = "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature, expected)
