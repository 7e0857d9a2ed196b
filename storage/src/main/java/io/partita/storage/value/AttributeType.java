package io.partita.storage.value;

/** DynamoDB's attribute type descriptors, spelled as DynamoDB spells them. */
public enum AttributeType {
    S,
    N,
    B,
    BOOL,
    NULL,
    L,
    M,
    SS,
    NS,
    BS;

    /** True for the three types a key attribute may have. */
    public boolean isScalarKeyType() {
        return this == S || this == N || this == B;
    }
}
