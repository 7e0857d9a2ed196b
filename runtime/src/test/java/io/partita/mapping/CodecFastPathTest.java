package io.partita.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.partita.storage.ValidationException;
import io.partita.storage.value.AttributeValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The enum codec's cached values and the string-set codec's copy-free write: the same values and failures. */
class CodecFastPathTest {
    enum Mood {
        HAPPY,
        SAD {
            @Override
            public String toString() {
                return "sad (a constant with a body)";
            }
        },
        CALM
    }

    enum Other {
        X
    }

    @Test
    void enumConstantsAreWrittenAsTheirNamesOneCachedValueEach() {
        AttributeCodec<Mood> codec = Codecs.enumeration(Mood.values());
        for (Mood m : Mood.values()) {
            assertThat(codec.encode(m)).isEqualTo(AttributeValue.s(m.name())).isSameAs(codec.encode(m));
            assertThat(codec.decode(codec.encode(m))).isSameAs(m);
        }
        // a value of another enum (heap pollution through raw types) is written by name, as before the cache
        @SuppressWarnings({"unchecked", "rawtypes"})
        AttributeCodec<Enum> raw = (AttributeCodec) codec;
        assertThat(raw.encode(Other.X)).isEqualTo(AttributeValue.s("X"));
        AttributeCodec<Other> none = Codecs.enumeration(new Other[0]);
        assertThat(none.encode(Other.X)).isEqualTo(AttributeValue.s("X"));
    }

    @Test
    void stringSetsAreWrittenAndReadInOrderAtEverySize() {
        AttributeCodec<Set<String>> codec = Codecs.set(Codecs.STRING);
        for (int n = 1; n <= 40; n++) {
            Set<String> tags = new LinkedHashSet<>();
            for (int i = n; i > 0; i--) {
                tags.add("t" + (i * 7 % 41));
            }
            AttributeValue written = codec.encode(tags);
            assertThat(written).isEqualTo(AttributeValue.ss(List.copyOf(tags)));
            assertThat(List.copyOf(((AttributeValue.SS) written).values())).isEqualTo(List.copyOf(tags));
            Set<String> read = codec.decode(written);
            assertThat(List.copyOf(read)).isEqualTo(List.copyOf(tags));
            read.add("mutable");
        }
        assertThat(codec.encode(Set.of())).isNull();
    }

    @Test
    void stringSetFailuresAreUnchanged() {
        AttributeCodec<Set<String>> codec = Codecs.set(Codecs.STRING);
        Set<String> withNull = new LinkedHashSet<>(Arrays.asList("a", null));
        assertThatThrownBy(() -> codec.encode(withNull))
                .isInstanceOf(MappingException.class)
                .hasMessage(io.partita.internal.RuntimeMessage.NullSetElement.format(
                        io.partita.storage.value.AttributeType.S));
        // equal strings that an identity set holds twice: the core's duplicate message, listing the elements
        Set<String> twice = Collections.newSetFromMap(new IdentityHashMap<>());
        twice.add("a");
        twice.add(new String("a".toCharArray()));
        List<String> asList = new ArrayList<>(twice);
        assertThatThrownBy(() -> codec.encode(twice))
                .isInstanceOf(ValidationException.class)
                .hasMessage(messageOf(() -> AttributeValue.ss(asList)));
    }

    private static String messageOf(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("no exception");
    }
}
