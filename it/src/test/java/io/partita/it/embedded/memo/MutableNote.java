package io.partita.it.embedded.memo;

import io.partita.annotations.PartitionKey;
import io.partita.annotations.Table;
import java.util.Objects;

/** A mutable class entity: never memoized (a caller may change the instance it got). */
@Table(name = "MutableNotes")
public class MutableNote {
    @PartitionKey
    private String id;

    private String text;

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MutableNote m && Objects.equals(id, m.id) && Objects.equals(text, m.text);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, text);
    }
}
