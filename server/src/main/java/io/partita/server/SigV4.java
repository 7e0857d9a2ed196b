package io.partita.server;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies AWS Signature Version 4 on a request ({@code --auth KEY:SECRET}), answering as DynamoDB does:
 * {@code MissingAuthenticationTokenException} without an Authorization header,
 * {@code UnrecognizedClientException} for an unknown access key, {@code InvalidSignatureException} for a
 * signature that does not match or a request dated more than 15 minutes away from the server's clock.
 * Any region and the service name {@code dynamodb} are accepted (one shared database).
 */
final class SigV4 {
    private static final DateTimeFormatter AMZ_DATE =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Duration MAX_SKEW = Duration.ofMinutes(15);

    private final Map<String, String> secrets;

    /**
     * The last signing key derived (four HMACs from the secret, the date, the region and the service), reused while
     * requests keep the same scope, which for one client is the whole day.
     */
    private volatile SigningKey lastKey;

    /** A derived key and the secret and scope it was derived for; immutable, so shared by the event loops. */
    private static final class SigningKey {
        final String secret;
        final String date;
        final String region;
        final String service;
        final byte[] key;

        SigningKey(String secret, String[] scope, byte[] key) {
            this.secret = secret;
            this.date = scope[1];
            this.region = scope[2];
            this.service = scope[3];
            this.key = key;
        }

        boolean matches(String secret, String[] scope) {
            return secret.equals(this.secret)
                    && scope[1].equals(date)
                    && scope[2].equals(region)
                    && scope[3].equals(service);
        }
    }

    SigV4(Map<String, String> secrets) {
        this.secrets = Map.copyOf(secrets);
    }

    static ApiException coral(String type, String message) {
        return new ApiException(Errors.CORAL_NAMESPACE, type, 400, message);
    }

    void verify(Request request, byte[] body, int offset, int length) {
        Authorization auth = Authorization.parse(request.header("Authorization"));
        String[] scope = auth.credential().split("/", -1);
        if (scope.length != 5 || !scope[4].equals("aws4_request")) {
            throw coral("IncompleteSignatureException", "Credential should be scoped to a valid region. ");
        }
        String secret = secrets.get(scope[0]);
        if (secret == null) {
            throw coral("UnrecognizedClientException", "The security token included in the request is invalid.");
        }
        String amzDate = request.header("X-Amz-Date");
        checkDate(amzDate);
        String canonical = canonicalRequest(request, auth.signedHeaders(), body, offset, length);
        String credentialScope = scope[1] + "/" + scope[2] + "/" + scope[3] + "/aws4_request";
        String stringToSign = "AWS4-HMAC-SHA256\n" + amzDate + "\n" + credentialScope + "\n"
                + hex(sha256(canonical.getBytes(StandardCharsets.UTF_8)));
        String expected = hex(hmac(signingKey(secret, scope), stringToSign));
        if (!MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), auth.signature().getBytes(StandardCharsets.US_ASCII))) {
            throw signatureMismatch();
        }
    }

    /** The three parameters of an {@code AWS4-HMAC-SHA256} Authorization header, each required. */
    private record Authorization(String credential, String signedHeaders, String signature) {
        static Authorization parse(String auth) {
            if (auth == null) {
                throw coral("MissingAuthenticationTokenException", "Request is missing Authentication Token");
            }
            if (!auth.startsWith("AWS4-HMAC-SHA256 ")) {
                throw coral(
                        "IncompleteSignatureException",
                        "Authorization header requires the AWS4-HMAC-SHA256 algorithm. Authorization=" + auth);
            }
            String credential = null;
            String signedHeaders = null;
            String signature = null;
            for (String part : auth.substring("AWS4-HMAC-SHA256 ".length()).split(",", -1)) {
                String p = part.trim();
                if (p.startsWith("Credential=")) {
                    credential = p.substring("Credential=".length());
                } else if (p.startsWith("SignedHeaders=")) {
                    signedHeaders = p.substring("SignedHeaders=".length());
                } else if (p.startsWith("Signature=")) {
                    signature = p.substring("Signature=".length());
                }
            }
            if (credential == null || signedHeaders == null || signature == null) {
                throw coral(
                        "IncompleteSignatureException",
                        "Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters. Authorization="
                                + auth);
            }
            return new Authorization(credential, signedHeaders, signature);
        }
    }

    /** Rejects a missing or malformed {@code X-Amz-Date}, or one more than 15 minutes from the server's clock. */
    private static void checkDate(String amzDate) {
        if (amzDate == null) {
            throw coral(
                    "IncompleteSignatureException",
                    "Date must be in ISO-8601 'basic format'. Got 'null'. See http://en.wikipedia.org/wiki/ISO_8601");
        }
        Instant when;
        try {
            when = Instant.from(AMZ_DATE.parse(amzDate));
        } catch (DateTimeParseException e) {
            throw coral(
                    "IncompleteSignatureException",
                    "Date must be in ISO-8601 'basic format'. Got '" + amzDate
                            + "'. See http://en.wikipedia.org/wiki/ISO_8601");
        }
        Instant now = Instant.now();
        if (Duration.between(when, now).abs().compareTo(MAX_SKEW) > 0) {
            throw coral(
                    "InvalidSignatureException",
                    "Signature expired: " + amzDate + " is now earlier than " + AMZ_DATE.format(now.minus(MAX_SKEW))
                            + " (" + AMZ_DATE.format(now) + " - 15 min.)");
        }
    }

    /**
     * The SigV4 canonical request: method, path, sorted query, the signed headers and the payload hash (a
     * client-sent {@code X-Amz-Content-Sha256} other than {@code UNSIGNED-PAYLOAD} must match the body).
     */
    private static String canonicalRequest(Request request, String signedHeaders, byte[] body, int offset, int length) {
        List<String> names = new ArrayList<>(List.of(signedHeaders.split(";")));
        StringBuilder canonical = new StringBuilder(512);
        canonical.append(request.method()).append('\n');
        String uri = request.uri();
        int q = uri.indexOf('?');
        canonical.append(q < 0 ? uri : uri.substring(0, q)).append('\n');
        canonical.append(q < 0 ? "" : canonicalQuery(uri.substring(q + 1))).append('\n');
        Collections.sort(names);
        for (String name : names) {
            List<String> values = request.headers(name);
            canonical.append(name.toLowerCase(Locale.ROOT)).append(':');
            for (int i = 0; i < values.size(); i++) {
                if (i > 0) {
                    canonical.append(',');
                }
                canonical.append(values.get(i).trim().replaceAll(" +", " "));
            }
            canonical.append('\n');
        }
        canonical.append('\n').append(String.join(";", names)).append('\n');
        String payloadHash = request.header("X-Amz-Content-Sha256");
        if (payloadHash == null) {
            payloadHash = hex(sha256(body, offset, length));
        } else if (!payloadHash.equals("UNSIGNED-PAYLOAD") && !payloadHash.equals(hex(sha256(body, offset, length)))) {
            throw signatureMismatch();
        }
        return canonical.append(payloadHash).toString();
    }

    private static ApiException signatureMismatch() {
        return coral(
                "InvalidSignatureException",
                "The request signature we calculated does not match the signature you provided. "
                        + "Check your AWS Secret Access Key and signing method. Consult the service documentation for details.");
    }

    private byte[] signingKey(String secret, String[] scope) {
        SigningKey last = lastKey;
        if (last != null && last.matches(secret, scope)) {
            return last.key;
        }
        byte[] key = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), scope[1]);
        key = hmac(key, scope[2]);
        key = hmac(key, scope[3]);
        key = hmac(key, "aws4_request");
        lastKey = new SigningKey(secret, scope, key);
        return key;
    }

    private static String canonicalQuery(String query) {
        if (query.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>(List.of(query.split("&")));
        Collections.sort(parts);
        return String.join("&", parts);
    }

    private static byte[] sha256(byte[] b) {
        return sha256(b, 0, b.length);
    }

    private static byte[] sha256(byte[] b, int offset, int length) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(b, offset, length);
            return d.digest();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(byte[] b) {
        StringBuilder s = new StringBuilder(b.length * 2);
        for (byte x : b) {
            s.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
        }
        return s.toString();
    }
}
