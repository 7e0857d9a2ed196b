package io.partita.processor.model;

/** Global or local secondary index. */
public enum IndexKind {
    GSI("@Gsi"),
    LSI("@Lsi");

    private final String annotation;

    IndexKind(String annotation) {
        this.annotation = annotation;
    }

    /** The annotation that declares an index of this kind, for messages. */
    public String annotation() {
        return annotation;
    }
}
